import { randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { generateSigningSecret } from "@/lib/api-keys/generate-signing-secret";
import { mintResellerApiKey } from "@/lib/api-keys/mint-reseller-api-key";
import { RESELLER_API_KEY_SCOPES } from "@/lib/api-keys/reseller-api-key-scopes";
import { createDefaultProject } from "./create-default-project";
import { topUpCredit } from "./top-up-credit";

export const DEMO_RESELLER_EMAIL = "reseller@rackfront.test";
export const DEMO_RESELLER_CREDIT = "1000.0000";

export interface SeededReseller {
  apiKey: string;
  readOnlyApiKey: string;
  signingSecret: string;
}

/**
 * An approved reseller on the given tier, with credit for the `credit` collection mode, a saved
 * card on the built-in test gateway for `saved_method`, a default project and two API keys.
 */
export async function seedReseller(tx: Tx, input: { passwordHash: string; tierId: string; now: Date }): Promise<SeededReseller> {
  const owner = await tx.user.create({ data: { email: DEMO_RESELLER_EMAIL, name: "Morgan Keller", passwordHash: input.passwordHash } });
  const account = await tx.clientAccount.create({
    data: { name: "Keller Hosting", company: "Keller Hosting GmbH", country: "DE", currency: "EUR", ownerId: owner.id },
  });
  await createDefaultProject(tx, account.id);
  await topUpCredit(tx, account.id, DEMO_RESELLER_CREDIT, "Demo wholesale credit top-up");

  const signing = generateSigningSecret();
  const profile = await tx.resellerProfile.create({
    data: {
      accountId: account.id,
      status: "active",
      approvedAt: input.now,
      tierId: input.tierId,
      defaultDiscountPercent: "6.00",
      signingSecret: signing.sealed,
    },
  });
  await tx.paymentMethod.create({
    data: {
      accountId: account.id,
      gateway: "test",
      type: "card",
      label: "Visa ending in 4242",
      cardBrand: "visa",
      cardLastFour: "4242",
      expMonth: 12,
      expYear: input.now.getUTCFullYear() + 3,
      gatewayToken: `pm_test_${randomBytes(12).toString("hex")}`,
      isDefault: true,
    },
  });

  const ctx = { db: tx, now: input.now, actor: { resellerId: profile.id } };
  const full = await mintResellerApiKey(ctx, { label: "Demo storefront (all scopes)", scopes: [...RESELLER_API_KEY_SCOPES] });
  const readOnly = await mintResellerApiKey(ctx, { label: "Demo reporting (read only)", scopes: ["read"] });
  return { apiKey: full.plaintext, readOnlyApiKey: readOnly.plaintext, signingSecret: signing.plaintext };
}

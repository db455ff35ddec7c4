import type { Tx } from "@/lib/db/client";
import { CUSTOMER_API_KEY_SCOPES } from "@/lib/api-keys/customer-api-key-scopes";
import { mintCustomerApiKey } from "@/lib/api-keys/mint-customer-api-key";
import { createDefaultProject } from "./create-default-project";
import { topUpCredit } from "./top-up-credit";

export const DEMO_CUSTOMER_EMAIL = "customer@rackfront.test";
export const DEMO_MEMBER_EMAIL = "member@rackfront.test";
export const DEMO_CUSTOMER_CREDIT = "250.0000";
/** What a junior operations colleague typically gets: look, power-cycle, read invoices. */
export const DEMO_MEMBER_PERMISSIONS = ["services.view", "services.power", "invoices.view"];

export interface SeededCustomer {
  apiKey: string;
  readOnlyApiKey: string;
}

/** A customer account with prepaid credit, its default project, a team member and two API keys. */
export async function seedCustomer(
  tx: Tx,
  hashes: { owner: string; member: string },
  now: Date,
): Promise<SeededCustomer> {
  const owner = await tx.user.create({ data: { email: DEMO_CUSTOMER_EMAIL, name: "Alex Janssen", passwordHash: hashes.owner } });
  const account = await tx.clientAccount.create({
    data: {
      name: "Janssen Web Services",
      company: "Janssen Web Services B.V.",
      country: "NL",
      currency: "EUR",
      ownerId: owner.id,
    },
  });
  await createDefaultProject(tx, account.id);
  await topUpCredit(tx, account.id, DEMO_CUSTOMER_CREDIT, "Demo credit top-up");

  const member = await tx.user.create({ data: { email: DEMO_MEMBER_EMAIL, name: "Sam de Vries", passwordHash: hashes.member } });
  await tx.teamMember.create({ data: { accountId: account.id, userId: member.id, permissions: DEMO_MEMBER_PERMISSIONS } });

  const ctx = { db: tx, now, actor: { accountId: account.id, userId: owner.id } };
  const full = await mintCustomerApiKey(ctx, { label: "Demo automation (all scopes)", scopes: [...CUSTOMER_API_KEY_SCOPES] });
  const readOnly = await mintCustomerApiKey(ctx, { label: "Demo monitoring (read only)", scopes: ["read"] });
  return { apiKey: full.plaintext, readOnlyApiKey: readOnly.plaintext };
}

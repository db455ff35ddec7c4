import { randomBytes } from "node:crypto";
import type { CustomerApiKey } from "@/lib/generated/prisma/client";
import { sha256Hex } from "@/lib/crypto/constant-time-equal";
import { ApiKeyError } from "./api-key-error";
import type { CustomerApiKeyContext } from "./customer-key-actor";
import { normalizeCustomerScopes } from "./customer-api-key-scopes";
import { scopesNotPermittedForMember } from "./customer-scope-permissions";
import { normalizeIpAllowlist } from "./normalize-ip-allowlist";
import { normalizeKeyLabel } from "./normalize-key-label";
import { checkKeyExpiry } from "./check-key-expiry";
import { insertWithFreshLookupId } from "./insert-with-fresh-lookup-id";

export const CUSTOMER_KEY_PREFIX = "rfk";

export interface MintCustomerApiKeyInput {
  label: string;
  scopes: readonly string[];
  /** Binds the key to one project of the account for its whole life. */
  projectId?: string | null;
  expiresAt?: Date | null;
  ipAllowlist?: readonly string[];
  /** Source of lookup ids; tests replace it to force collisions. */
  newLookupId?: () => string;
}

export const newCustomerLookupId = (): string => randomBytes(4).toString("hex");

/**
 * Mints a customer API key `rfk_<8 hex>_<96 hex>`. Only the sha256 of the secret part is stored;
 * the plaintext is returned once for the panel to show. The actor is the owner or a team member
 * of the account; a member may only mint scopes their permissions allow.
 */
export async function mintCustomerApiKey(
  { db, now, actor }: CustomerApiKeyContext,
  input: MintCustomerApiKeyInput,
): Promise<{ key: CustomerApiKey; plaintext: string }> {
  const label = normalizeKeyLabel(input.label);
  const scopes = normalizeCustomerScopes(input.scopes);
  const ipAllowlist = normalizeIpAllowlist(input.ipAllowlist);
  const expiresAt = checkKeyExpiry(input.expiresAt, now);

  const account = await db.clientAccount.findUnique({
    where: { id: actor.accountId },
    select: { ownerId: true, members: { where: { userId: actor.userId }, select: { permissions: true } } },
  });
  if (!account) throw new ApiKeyError("not_found", "Account not found");
  if (account.ownerId !== actor.userId) {
    const member = account.members[0];
    if (!member) throw new ApiKeyError("not_found", "The user is not the owner or a member of this account");
    const refused = scopesNotPermittedForMember(scopes, member.permissions);
    if (refused.length > 0) {
      throw new ApiKeyError(
        "scope_not_permitted",
        `Your account permissions do not allow the scope${refused.length > 1 ? "s" : ""}: ${refused.join(", ")}`,
      );
    }
  }
  if (input.projectId) {
    const project = await db.project.findFirst({ where: { id: input.projectId, accountId: actor.accountId }, select: { id: true } });
    if (!project) throw new ApiKeyError("not_found", "Project not found in this account");
  }

  const secret = randomBytes(48).toString("hex");
  const key = await insertWithFreshLookupId(input.newLookupId ?? newCustomerLookupId, async (lookupId) => {
    const [row] = await db.customerApiKey.createManyAndReturn({
      data: [
        {
          accountId: actor.accountId,
          userId: actor.userId,
          lookupId,
          secretHash: sha256Hex(secret),
          label,
          scopes,
          ipAllowlist,
          projectId: input.projectId ?? null,
          expiresAt,
        },
      ],
      skipDuplicates: true,
    });
    return row ?? null;
  });
  return { key, plaintext: `${CUSTOMER_KEY_PREFIX}_${key.lookupId}_${secret}` };
}

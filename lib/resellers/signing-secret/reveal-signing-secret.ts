import type { DbOrTx } from "@/lib/db/client";
import { openSigningSecret } from "@/lib/api-keys/open-signing-secret";
import { DomainError } from "@/lib/errors/domain-error";

/** The reseller's current signing secret in plaintext, for the portal to show on request. */
export async function revealSigningSecret({ resellerId }: { resellerId: string }, options: { db: DbOrTx }): Promise<string> {
  const { db } = options;
  const profile = await db.resellerProfile.findUnique({ where: { id: resellerId }, select: { signingSecret: true } });
  if (!profile) throw new DomainError("not_found", "Reseller not found");

  return openSigningSecret(profile.signingSecret);
}

import { openSigningSecret } from "@/lib/api-keys/open-signing-secret";
import { DomainError } from "@/lib/errors/domain-error";
import type { SigningSecretContext } from "./signing-secret-actor";

/** The reseller's current signing secret in plaintext, for the portal to show on request. */
export async function revealSigningSecret({ db, actor }: SigningSecretContext): Promise<string> {
  const profile = await db.resellerProfile.findUnique({ where: { id: actor.resellerId }, select: { signingSecret: true } });
  if (!profile) throw new DomainError("not_found", "Reseller not found");

  return openSigningSecret(profile.signingSecret);
}

import { generateSigningSecret } from "@/lib/api-keys/generate-signing-secret";
import { DomainError } from "@/lib/errors/domain-error";
import type { SigningSecretContext } from "./signing-secret-actor";

/**
 * Replaces the reseller's signing secret. The old one stops working at once: requests are
 * verified, and webhooks signed, with whatever the profile holds at that moment. The swap is
 * conditional on the secret read, so of two rotations at the same time one is refused instead of
 * both people being shown a secret and one of them silently holding a dead one.
 */
export async function rotateSigningSecret({ db, actor }: SigningSecretContext): Promise<{ signingSecret: string }> {
  const profile = await db.resellerProfile.findUnique({ where: { id: actor.resellerId }, select: { signingSecret: true, status: true } });
  if (!profile) throw new DomainError("not_found", "Reseller not found");
  if (profile.status === "closed") throw new DomainError("forbidden", "The reseller profile is closed");

  const next = generateSigningSecret();
  const { count } = await db.resellerProfile.updateMany({
    where: { id: actor.resellerId, signingSecret: profile.signingSecret },
    data: { signingSecret: next.sealed },
  });
  if (count === 0) throw new DomainError("conflict", "The signing secret was rotated by someone else just now. Reload the page to see the current one.");

  return { signingSecret: next.plaintext };
}

import { randomBytes } from "node:crypto";
import { sealSecret } from "@/lib/crypto/secret-box";

/** Purpose the signing secret is sealed under; openSigningSecret uses the same one. */
export const SIGNING_SECRET_PURPOSE = "reseller-signing";

/**
 * A reseller signing secret: 64 lowercase hex characters. HMAC needs the secret itself, so it is
 * stored sealed with the instance key (not hashed); `plaintext` is shown once and never stored.
 */
export function generateSigningSecret(): { plaintext: string; sealed: string } {
  const plaintext = randomBytes(32).toString("hex");
  return { plaintext, sealed: sealSecret(plaintext, SIGNING_SECRET_PURPOSE) };
}

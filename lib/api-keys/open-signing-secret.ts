import { openSecret } from "@/lib/crypto/secret-box";
import { SIGNING_SECRET_PURPOSE } from "./generate-signing-secret";

/** The plaintext signing secret of a ResellerProfile.signingSecret column (the HMAC key, docs/decisions.md#d1). */
export function openSigningSecret(sealed: string): string {
  return openSecret(sealed, SIGNING_SECRET_PURPOSE);
}

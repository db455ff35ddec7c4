import { randomBytes } from "node:crypto";
import { sha256Hex } from "@/lib/crypto/constant-time-equal";
import { generatePassword } from "../dedicated/generate-password";

/** Sealing purpose of a session's VNC password (lib/crypto/secret-box). */
export const RFB_PASSWORD_PURPOSE = "console-rfb-password";

/** A bearer secret (session token, cast ticket): 32 random bytes in base64url; only its sha256 is stored. */
export function mintConsoleSecret(): { value: string; hash: string } {
  const value = randomBytes(32).toString("base64url");
  return { value, hash: hashConsoleSecret(value) };
}

export function hashConsoleSecret(value: string): string {
  return sha256Hex(value);
}

/** VNC authentication uses the first 8 bytes of the password (RFB 3.8 §7.2.2): exactly 8 characters. */
export function mintRfbPassword(): string {
  return generatePassword(8);
}

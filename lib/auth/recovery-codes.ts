import { randomInt } from "node:crypto";
import { sha256Hex } from "@/lib/crypto/constant-time-equal";

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes get copied from paper.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 10;

/** "xxxxx-xxxxx", about 50 bits each. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let raw = "";
    for (let i = 0; i < LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];

    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** Lower-cased without spaces and dashes; null when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | null {
  const v = input.toLowerCase().replace(/[\s-]/g, "");
  if (v.length !== LENGTH) return null;
  for (const ch of v) if (!ALPHABET.includes(ch)) return null;

  return v;
}

/** Codes carry ~50 random bits, so a plain SHA-256 is enough (no password stretching needed). */
export function hashRecoveryCode(normalized: string): string {
  return sha256Hex(`rackfront-recovery:${normalized}`);
}

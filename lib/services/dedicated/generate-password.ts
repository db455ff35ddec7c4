import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A one-time password shown once (rescue, dedicated password reset): 20 characters, no look-alikes. */
export function generatePassword(length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 256 - (256 % ALPHABET.length)) out += ALPHABET[b % ALPHABET.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}

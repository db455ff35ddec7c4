import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
// 248 = 4 × 62: bytes at or above it are discarded so every character is equally likely.
const LIMIT = 256 - (256 % ALPHABET.length);

/** `length` characters of [A-Za-z0-9] from the CSPRNG, without modulo bias. */
export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 8)) {
      if (byte >= LIMIT) continue;
      out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

import { randomBytes } from "node:crypto";

// 32 symbols without the look-alikes l, o, 0 and 1, so a byte's low five bits pick one without bias.
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A random password that survives being read aloud or copied by hand: `xxxx-xxxx-xxxx-xxxx`, 80 bits. */
export function generateReadablePassword(): string {
  const chars = [...randomBytes(16)].map((b) => ALPHABET[b & 31]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}

import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { BackendError } from "../backend-error";

// The simulators' stand-in for a guest's /etc/shadow: they keep a scrypt hash of what was set, so
// tests can check which password a machine has. Job rows carry only the hash.
const N = 1 << 12;

export function checkRootPassword(password: string): void {
  if (typeof password !== "string" || password.length < 8) throw new BackendError("configuration", "The password must be 8 or more characters");
}

export function hashGuestPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N });
  return `scrypt$${N}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export function verifyGuestPassword(stored: string | null, password: string): boolean {
  if (!stored) return false;
  const [scheme, n, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = scryptSync(password, Buffer.from(salt, "base64"), expected.length, { N: Number(n) });
  return timingSafeEqual(expected, actual);
}

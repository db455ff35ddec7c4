import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The instance key encrypts secrets that must be readable again (TOTP secrets, reseller
 * signing secrets). Production sets RACKFRONT_INSTANCE_KEY; the embedded default keeps a
 * generated key in <data dir>/instance.key (mode 0600). server.ts loads it into the
 * environment at start-up so the Next.js bundle in the same process sees the same key.
 */
export function loadOrCreateInstanceKey(dataDir: string): string {
  const fromEnv = process.env.RACKFRONT_INSTANCE_KEY;
  if (fromEnv) {
    if (!HEX64.test(fromEnv)) throw new Error("RACKFRONT_INSTANCE_KEY must be 64 lowercase hex characters");
    return fromEnv;
  }
  const file = path.join(dataDir, "instance.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString("hex");
  writeFileSync(file, key + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

export function instanceKey(): Buffer {
  const hex = process.env.RACKFRONT_INSTANCE_KEY;
  if (!hex || !HEX64.test(hex)) throw new Error("instance key not loaded (RACKFRONT_INSTANCE_KEY)");
  return Buffer.from(hex, "hex");
}

/** A purpose-bound key derived from the instance key, so one leak does not unlock every use. */
export function deriveKey(purpose: string): Buffer {
  return createHmac("sha256", instanceKey()).update(`rackfront:${purpose}`).digest();
}

import { generateKeyPairSync } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadOrCreateHostKey } from "./host-key";

let base: string;

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "ghostkey-"));
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

describe("loadOrCreateHostKey", () => {
  it("generates an ed25519 key once, at 0600 in a 0700 folder, and reuses it", async () => {
    const keyPath = path.join(base, "keys", "host_key");
    const first = await loadOrCreateHostKey(keyPath);
    expect(first.privateKey).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----/);
    expect(first.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(keyPath)).mode & 0o777).toBe(0o700);
    const second = await loadOrCreateHostKey(keyPath);
    expect(second).toEqual(first);
    expect(readFileSync(keyPath, "utf8")).toBe(first.privateKey);
  });

  it("takes an existing PKCS#1 RSA key and tightens loose permissions", async () => {
    const keyPath = path.join(base, "rsa_key");
    const { privateKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs1", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    writeFileSync(keyPath, privateKey);
    chmodSync(keyPath, 0o644);
    const key = await loadOrCreateHostKey(keyPath);
    expect(key.privateKey).toBe(privateKey);
    expect(statSync(keyPath).mode & 0o777).toBe(0o600);
  });

  it("refuses a key ssh2 cannot read (node:crypto's PKCS#8 ed25519)", async () => {
    const keyPath = path.join(base, "pkcs8_key");
    const { privateKey } = generateKeyPairSync("ed25519", {
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    writeFileSync(keyPath, privateKey, { mode: 0o600 });
    await expect(loadOrCreateHostKey(keyPath)).rejects.toThrow(/not a private key ssh2 can read/);
  });
});

import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "./instance-key";

// AES-256-GCM with a random nonce; the output is "v1.<nonce>.<tag>.<ciphertext>" in base64url.
export function sealSecret(plaintext: string, purpose: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(`secret-box:${purpose}`), nonce);
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", nonce, cipher.getAuthTag(), ct].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

export function openSecret(sealed: string, purpose: string): string {
  const [v, nonce, tag, ct] = sealed.split(".");
  if (v !== "v1" || !nonce || !tag || ct === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(`secret-box:${purpose}`), Buffer.from(nonce, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

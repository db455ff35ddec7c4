import { createHash } from "node:crypto";
import { DomainError } from "@/lib/errors/domain-error";

const SSH_KEY = /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) ([A-Za-z0-9+/]+={0,3})( [^\r\n]*)?$/;

export interface ParsedSshKey {
  publicKey: string;
  /** `ed25519`, `rsa`, `ecdsa`, … (the algorithm without its `ssh-` prefix). */
  type: string;
  /** OpenSSH's `SHA256:<base64 without padding>` of the key blob. */
  fingerprint: string;
}

/** An OpenSSH public key line, or 400 naming `field`. */
export function parseSshPublicKey(line: string, field = "publicKey"): ParsedSshKey {
  const publicKey = line.trim();
  const m = SSH_KEY.exec(publicKey);
  const blob = m ? Buffer.from(m[5]!, "base64") : null;
  if (!m || !blob || blob.length < 16) throw new DomainError("invalid", "Not an OpenSSH public key", { details: [{ field, message: "Not an OpenSSH public key" }] });
  const algorithm = m[1]!;
  const type = algorithm.startsWith("ecdsa") ? "ecdsa" : algorithm.startsWith("sk-") ? algorithm.replace(/@openssh\.com$/, "") : algorithm.replace(/^ssh-/, "");
  const fingerprint = `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
  return { publicKey, type, fingerprint };
}

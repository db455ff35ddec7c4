import { createHash } from "node:crypto";
import { DomainError } from "@/lib/errors/domain-error";

export interface ParsedSshPublicKey {
  type: string;
  /** `type base64` without the comment: what is stored and installed. */
  publicKey: string;
  comment: string | null;
  /** As `ssh-keygen -l` prints it: `SHA256:` and the unpadded base64 digest of the key blob. */
  fingerprint: string;
  /** RSA modulus size; null for the fixed-size types. */
  bits: number | null;
}

const CURVES: Record<string, string> = {
  "ecdsa-sha2-nistp256": "nistp256",
  "ecdsa-sha2-nistp384": "nistp384",
  "ecdsa-sha2-nistp521": "nistp521",
  "sk-ecdsa-sha2-nistp256@openssh.com": "nistp256",
};
export const SSH_KEY_TYPES = ["ssh-ed25519", "ssh-rsa", ...Object.keys(CURVES), "sk-ssh-ed25519@openssh.com"] as const;
export const MIN_RSA_BITS = 2048;
const MAX_LENGTH = 16_384;

const invalid = (message: string) => new DomainError("invalid", message, { details: [{ field: "publicKey", message }] });

/** Reads the length-prefixed strings of an OpenSSH key blob (RFC 4253 §6.6). */
class BlobReader {
  private offset = 0;
  constructor(private readonly blob: Buffer) {}
  next(): Buffer {
    if (this.offset + 4 > this.blob.length) throw invalid("The key data is truncated");
    const length = this.blob.readUInt32BE(this.offset);
    const start = this.offset + 4;
    if (start + length > this.blob.length) throw invalid("The key data is truncated");
    this.offset = start + length;
    return this.blob.subarray(start, start + length);
  }
  get done(): boolean {
    return this.offset === this.blob.length;
  }
}

function mpintBits(value: Buffer): number {
  let i = 0;
  while (i < value.length && value[i] === 0) i++;
  if (i === value.length) return 0;
  return (value.length - i - 1) * 8 + (32 - Math.clz32(value[i]!));
}

/**
 * Validates one OpenSSH public key line (`type base64 [comment]`, as in `id_ed25519.pub` or
 * `authorized_keys`) and computes its fingerprint. Refuses private keys, other formats, blobs whose
 * inner type disagrees with the label, and RSA keys under 2048 bits.
 */
export function parseSshPublicKey(input: string): ParsedSshPublicKey {
  const text = input.trim();
  if (!text) throw invalid("Paste an OpenSSH public key");
  if (text.length > MAX_LENGTH) throw invalid("The key is too long");
  if (/PRIVATE KEY/.test(text)) throw invalid("This is a private key; paste the public key (the .pub file) instead");
  if (/[\r\n]/.test(text)) throw invalid("Paste one public key on a single line");
  if (text.startsWith("---- BEGIN SSH2")) throw invalid("Convert the key to OpenSSH format first (ssh-keygen -i -f key.pub)");

  const [type, data, ...rest] = text.split(/\s+/);
  if (!type || !data) throw invalid("An OpenSSH public key reads `<type> <base64 key> [comment]`");
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type)) throw invalid(`Unsupported key type "${type.slice(0, 40)}"; accepted: ${SSH_KEY_TYPES.join(", ")}`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) throw invalid("The key data is not valid base64");

  const blob = Buffer.from(data, "base64");
  const reader = new BlobReader(blob);
  const inner = reader.next().toString("latin1");
  if (inner !== type) throw invalid(`The key data is a ${inner.slice(0, 40) || "different"} key, not ${type}`);
  let bits: number | null = null;
  if (type === "ssh-rsa") {
    reader.next(); // public exponent
    bits = mpintBits(reader.next());
    if (bits < MIN_RSA_BITS) throw invalid(`RSA keys must have at least ${MIN_RSA_BITS} bits (this one has ${bits})`);
  } else if (type === "ssh-ed25519" || type === "sk-ssh-ed25519@openssh.com") {
    if (reader.next().length !== 32) throw invalid("The ed25519 key data has the wrong length");
    if (type.startsWith("sk-")) reader.next(); // application
  } else {
    if (reader.next().toString("latin1") !== CURVES[type]) throw invalid("The key's curve does not match its type");
    reader.next(); // point
    if (type.startsWith("sk-")) reader.next();
  }
  if (!reader.done) throw invalid("The key data has trailing bytes");

  const fingerprint = `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
  const comment = rest.join(" ").trim() || null;
  return { type, publicKey: `${type} ${data}`, comment, fingerprint, bits };
}

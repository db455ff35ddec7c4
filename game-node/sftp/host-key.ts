import { createHash } from "node:crypto";
import { promises as fsp } from "node:fs";
import path from "node:path";
import ssh2, { type ParsedKey } from "ssh2";

export interface HostKey {
  /** The private key in OpenSSH format, as ssh2's `hostKeys` takes it. */
  privateKey: string;
  /** `SHA256:<base64>` of the public key, the form `ssh` prints, for users to check on first connect. */
  fingerprint: string;
}

/**
 * The node's SSH host key, generated once and kept at `keyPath` (mode 0600) so clients see the same
 * key across restarts. ed25519 in OpenSSH format: ssh2's parser reads OpenSSH keys and PKCS#1/SEC1 PEM,
 * but not node:crypto's PKCS#8 ed25519, so the key is made by ssh2's `generateKeyPairSync` (node:crypto
 * underneath, converted to OpenSSH). A file that exists is used as it is, whatever type ssh2 can read.
 */
/**
 * ssh2's OpenSSH ed25519 output is now and then one its own parser calls malformed (about 1 in 300
 * here): keep only a key it reads back.
 */
function generateReadableKey(): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const key = ssh2.utils.generateKeyPairSync("ed25519").private;
    const parsed: unknown = ssh2.utils.parseKey(key);
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    if (first && !(first instanceof Error) && (first as ParsedKey).isPrivateKey()) return key;
  }
  throw new Error("Could not generate an SFTP host key ssh2 can read");
}

export async function loadOrCreateHostKey(keyPath: string): Promise<HostKey> {
  let privateKey = await fsp.readFile(keyPath, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (privateKey === null) {
    await fsp.mkdir(path.dirname(keyPath), { recursive: true, mode: 0o700 });
    const generated = generateReadableKey();
    // "wx": if another start wrote the key first, keep theirs (clients may have seen it already).
    privateKey = await fsp.writeFile(keyPath, generated, { mode: 0o600, flag: "wx" }).then(
      () => generated,
      async (error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
        return fsp.readFile(keyPath, "utf8");
      },
    );
  }
  // A key readable by others is no longer secret to them; tighten it rather than refuse to start.
  const st = await fsp.stat(keyPath);
  if ((st.mode & 0o077) !== 0) await fsp.chmod(keyPath, 0o600);
  const result: unknown = ssh2.utils.parseKey(privateKey);
  // An OpenSSH file may hold several keys; ssh2 then answers a list and uses the first.
  const parsed = (Array.isArray(result) ? result[0] : result) as ParsedKey | Error | undefined;
  if (!parsed || parsed instanceof Error || !parsed.isPrivateKey()) {
    throw new Error(`The SFTP host key at ${keyPath} is not a private key ssh2 can read (OpenSSH, or PEM RSA/EC).`);
  }
  const digest = createHash("sha256").update(parsed.getPublicSSH()).digest("base64").replace(/=+$/, "");
  return { privateKey, fingerprint: `SHA256:${digest}` };
}

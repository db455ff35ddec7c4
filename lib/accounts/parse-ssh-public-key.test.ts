import { describe, expect, it } from "vitest";
import { parseSshPublicKey } from "./parse-ssh-public-key";
import { freshEd25519Key, SSH_KEY_FIXTURES } from "./testing/ssh-key-fixtures";

const refusal = (input: string) => {
  try {
    parseSshPublicKey(input);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe("parseSshPublicKey", () => {
  it.each([
    ["ed25519", "ssh-ed25519", null],
    ["rsa2048", "ssh-rsa", 2048],
    ["ecdsa256", "ecdsa-sha2-nistp256", null],
  ] as const)("%s: type, comment, bits and the fingerprint ssh-keygen prints", (name, type, bits) => {
    const fixture = SSH_KEY_FIXTURES[name];
    const parsed = parseSshPublicKey(`  ${fixture.line}\n`);
    expect(parsed).toMatchObject({ type, fingerprint: fixture.fingerprint, bits, comment: fixture.line.split(" ")[2] });
    expect(parsed.publicKey).toBe(fixture.line.split(" ").slice(0, 2).join(" "));
  });

  it("keeps a comment with spaces and accepts a key without one", () => {
    expect(parseSshPublicKey(`${SSH_KEY_FIXTURES.ed25519.line.split(" ").slice(0, 2).join(" ")} my work laptop`).comment).toBe("my work laptop");
    expect(parseSshPublicKey(SSH_KEY_FIXTURES.ed25519.line.split(" ").slice(0, 2).join(" ")).comment).toBeNull();
    expect(parseSshPublicKey(freshEd25519Key()).type).toBe("ssh-ed25519");
  });

  it("refuses what is not one valid OpenSSH public key", () => {
    const [, ed] = SSH_KEY_FIXTURES.ed25519.line.split(" ");
    const [, rsa] = SSH_KEY_FIXTURES.rsa2048.line.split(" ");
    expect(refusal("")).toBe("Paste an OpenSSH public key");
    expect(refusal("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----")).toMatch(/private key/);
    expect(refusal(`${SSH_KEY_FIXTURES.ed25519.line}\n${SSH_KEY_FIXTURES.rsa2048.line}`)).toBe("Paste one public key on a single line");
    expect(refusal("ssh-dss AAAAB3NzaC1kc3MAAACBAP")).toMatch(/^Unsupported key type "ssh-dss"/);
    expect(refusal("ssh-ed25519")).toMatch(/reads `<type> <base64 key> \[comment\]`/);
    expect(refusal("ssh-ed25519 not*base64")).toBe("The key data is not valid base64");
    expect(refusal(`ssh-rsa ${ed}`)).toBe("The key data is a ssh-ed25519 key, not ssh-rsa");
    expect(refusal(`ssh-ed25519 ${ed.slice(0, 40)}`)).toBe("The key data is truncated");
    expect(refusal(`ssh-rsa ${rsa.slice(0, 60)}`)).toBe("The key data is truncated");
    expect(refusal(SSH_KEY_FIXTURES.rsa1024.line)).toBe("RSA keys must have at least 2048 bits (this one has 1024)");
    expect(refusal("---- BEGIN SSH2 PUBLIC KEY ----")).toMatch(/OpenSSH format/);
  });
});

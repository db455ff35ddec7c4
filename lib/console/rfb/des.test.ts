import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { desEncryptEcb } from "./des";
import { vncAuthResponse } from "./vnc-auth-response";

const hex = (s: string) => Uint8Array.from(Buffer.from(s, "hex"));
const toHex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("desEncryptEcb", () => {
  // Published vectors: the textbook example and two of NIST SP 800-17's known-answer tests; the last
  // one checks weak-key handling (encrypting the same block twice with a weak key gives it back).
  it.each([
    ["133457799bbcdff1", "0123456789abcdef", "85e813540f0ab405"],
    ["0101010101010101", "95f8a5e5dd31d900", "8000000000000000"],
    ["8001010101010101", "0000000000000000", "95a8d72813daa94d"],
    ["0e329232ea6d0d73", "8787878787878787", "0000000000000000"],
  ])("key %s, plaintext %s -> %s", (key, plain, cipher) => {
    expect(toHex(desEncryptEcb(hex(key), hex(plain)))).toBe(cipher);
  });

  it("encrypts several blocks independently (ECB)", () => {
    const key = hex("133457799bbcdff1");
    expect(toHex(desEncryptEcb(key, hex("0123456789abcdef0123456789abcdef")))).toBe("85e813540f0ab40585e813540f0ab405");
  });

  it("refuses a key or data of the wrong length", () => {
    expect(() => desEncryptEcb(new Uint8Array(7), new Uint8Array(8))).toThrow("A DES key is 8 bytes.");
    expect(() => desEncryptEcb(new Uint8Array(8), new Uint8Array(9))).toThrow("DES ECB data is a multiple of 8 bytes.");
  });
});

describe("vncAuthResponse", () => {
  // Expected values computed with OpenSSL's des-ecb (legacy provider) on the bit-mirrored keys.
  it("pads a short password with zeros and mirrors each key byte", () => {
    const challenge = hex("000102030405060708090a0b0c0d0e0f");
    expect(toHex(vncAuthResponse("secret", challenge))).toBe("ee22539f33a5983ec12f9c2edbc995dd");
  });

  it("uses only the first 8 characters of a longer password", () => {
    const challenge = hex("f0e1d2c3b4a5968778695a4b3c2d1e0f");
    expect(toHex(vncAuthResponse("password123", challenge))).toBe("00d21ba13f7743302880d90c270f79c6");
    expect(toHex(vncAuthResponse("password", challenge))).toBe("00d21ba13f7743302880d90c270f79c6");
  });

  it("agrees with noVNC's own DES, the client the browser runs", async () => {
    // noVNC's des.js mirrors the key bits itself; its package exports only rfb.js, which needs a
    // window, so the module is loaded by file.
    const file = path.resolve("node_modules/@novnc/novnc/core/crypto/des.js");
    const { DESECBCipher } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      DESECBCipher: { importKey(key: number[]): { encrypt(algorithm: object, data: Uint8Array): Uint8Array } };
    };
    for (const password of ["secret", "hunter2!", "pässwörd", "x"]) {
      const challenge = Uint8Array.from({ length: 16 }, (_, i) => (i * 37 + password.length) & 0xff);
      const key = [...password].slice(0, 8).map((c) => c.charCodeAt(0));
      while (key.length < 8) key.push(0);
      const novnc = DESECBCipher.importKey(key).encrypt({}, challenge);
      expect(toHex(vncAuthResponse(password, challenge))).toBe(toHex(novnc));
    }
  });
});

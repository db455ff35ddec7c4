import { describe, expect, it } from "vitest";
import { generateSigningSecret } from "./generate-signing-secret";
import { openSigningSecret } from "./open-signing-secret";
import { openSecret } from "@/lib/crypto/secret-box";

describe("generateSigningSecret", () => {
  it("is 64 lowercase hex, sealed without the plaintext, and opens again", () => {
    const { plaintext, sealed } = generateSigningSecret();
    expect(plaintext).toMatch(/^[0-9a-f]{64}$/);
    expect(sealed).not.toContain(plaintext);
    expect(openSigningSecret(sealed)).toBe(plaintext);
    expect(openSecret(sealed, "reseller-signing")).toBe(plaintext);
    expect(() => openSecret(sealed, "totp")).toThrow();
  });

  it("differs every time", () => {
    expect(generateSigningSecret().plaintext).not.toBe(generateSigningSecret().plaintext);
  });
});

import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

describe("secret box", () => {
  it("round-trips and never stores the plaintext", () => {
    const sealed = sealSecret("JBSWY3DPEHPK3PXP", "totp");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(openSecret(sealed, "totp")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses a different purpose and a tampered box", () => {
    const sealed = sealSecret("secret", "totp");
    expect(() => openSecret(sealed, "signing")).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => openSecret(parts.join("."), "totp")).toThrow();
  });
});

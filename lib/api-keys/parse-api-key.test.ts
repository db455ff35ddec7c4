import { describe, expect, it } from "vitest";
import { parseCustomerApiKey, parseResellerApiKey } from "./parse-api-key";

const hex = (n: number) => "0123456789abcdef".repeat(Math.ceil(n / 16)).slice(0, n);
const alnum = (n: number) => "aZ09bY18".repeat(Math.ceil(n / 8)).slice(0, n);

describe("parseCustomerApiKey", () => {
  it("splits a well-formed key", () => {
    expect(parseCustomerApiKey(`rfk_0a1b2c3d_${hex(96)}`)).toEqual({ lookupId: "0a1b2c3d", secret: hex(96) });
  });

  it.each([
    ["uppercase hex", `rfk_0A1B2C3D_${hex(96)}`],
    ["uppercase secret", `rfk_0a1b2c3d_${hex(96).toUpperCase()}`],
    ["short lookup", `rfk_0a1b2c3_${hex(96)}`],
    ["long secret", `rfk_0a1b2c3d_${hex(97)}`],
    ["short secret", `rfk_0a1b2c3d_${hex(95)}`],
    ["other prefix", `rsk_0a1b2c3d_${hex(96)}`],
    ["no prefix", `0a1b2c3d_${hex(96)}`],
    ["trailing space", `rfk_0a1b2c3d_${hex(96)} `],
    ["newline", `rfk_0a1b2c3d_${hex(96)}\n`],
    ["non-hex", `rfk_0a1b2c3g_${hex(96)}`],
    ["empty", ""],
  ])("refuses %s", (_, token) => {
    expect(parseCustomerApiKey(token)).toBeNull();
  });
});

describe("parseResellerApiKey", () => {
  it("splits a well-formed key, upper and lower case alike", () => {
    expect(parseResellerApiKey(`rsk_Ab3dEf9Z_${alnum(64)}`)).toEqual({ lookupId: "Ab3dEf9Z", secret: alnum(64) });
  });

  it.each([
    ["short lookup", `rsk_Ab3dEf9_${alnum(64)}`],
    ["long secret", `rsk_Ab3dEf9Z_${alnum(65)}`],
    ["short secret", `rsk_Ab3dEf9Z_${alnum(63)}`],
    ["symbol in secret", `rsk_Ab3dEf9Z_${alnum(63)}-`],
    ["underscore in lookup", `rsk_Ab3d_f9Z_${alnum(64)}`],
    ["customer prefix", `rfk_Ab3dEf9Z_${alnum(64)}`],
    ["uppercase prefix", `RSK_Ab3dEf9Z_${alnum(64)}`],
    ["trailing newline", `rsk_Ab3dEf9Z_${alnum(64)}\n`],
  ])("refuses %s", (_, token) => {
    expect(parseResellerApiKey(token)).toBeNull();
  });
});

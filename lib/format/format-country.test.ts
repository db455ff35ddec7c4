import { describe, expect, it } from "vitest";
import { formatCountry } from "./format-country";

describe("formatCountry", () => {
  it("names a country by its code, and keeps a code it does not know", () => {
    expect([formatCountry("GB"), formatCountry("de"), formatCountry("QQ"), formatCountry("not a code")]).toEqual(["United Kingdom", "Germany", "QQ", "not a code"]);
  });
});

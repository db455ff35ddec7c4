import { describe, expect, it } from "vitest";
import { endOfUtcDay, utcDayOf } from "./expiry-date";
import { makeCreateResellerApiKeySchema, ZCreateCustomerApiKeySchema, ZUpdateResellerApiKeySchema } from "./key-form-schemas";
import { fieldErrorsOf } from "@/lib/auth/schemas";

const PROJECT = "6f1c2a0e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describe("endOfUtcDay / utcDayOf", () => {
  it("is the last millisecond of the day in UTC and round-trips", () => {
    expect(endOfUtcDay("2030-03-03")?.toISOString()).toBe("2030-03-03T23:59:59.999Z");
    expect(utcDayOf(endOfUtcDay("2030-03-03")!)).toBe("2030-03-03");
  });

  it("refuses days that do not exist", () => {
    for (const day of ["2030-02-30", "2030-13-01", "2030-1-1", "03/03/2030", "", "2031-02-29"]) expect(endOfUtcDay(day)).toBeNull();
    expect(endOfUtcDay("2032-02-29")).not.toBeNull();
  });
});

describe("ZCreateCustomerApiKeySchema", () => {
  const base = { label: "  Deploy bot ", scopes: ["services"], expiresOn: "", ipAllowlist: "", projectId: "" };

  it("trims, and turns empty optional fields into null or []", () => {
    expect(ZCreateCustomerApiKeySchema.parse(base)).toEqual({ label: "Deploy bot", scopes: ["services"], expiresOn: null, ipAllowlist: [], projectId: null });
  });

  it("reads the allowlist one entry per line, skipping blanks and duplicates", () => {
    const parsed = ZCreateCustomerApiKeySchema.parse({ ...base, ipAllowlist: "203.0.113.7\r\n\n  2001:db8::/32 \n203.0.113.7\n", projectId: PROJECT });
    expect(parsed.ipAllowlist).toEqual(["203.0.113.7", "2001:db8::/32"]);
    expect(parsed.projectId).toBe(PROJECT);
  });

  it("names the first bad allowlist line, an empty label, a past or impossible day and an unknown scope", () => {
    const r = ZCreateCustomerApiKeySchema.safeParse({ ...base, label: " ", ipAllowlist: "10.0.0.1\n10.0.0.0/33\nnope", expiresOn: "2001-01-01", scopes: ["admin"] });
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.error!)).toEqual({
      label: "Give the key a label, e.g. where it is used.",
      scopes: "Unknown scope.",
      expiresOn: "Pick today or a later day.",
      ipAllowlist: "“10.0.0.0/33” is not an IP address or CIDR block (e.g. 203.0.113.7 or 2001:db8::/32).",
    });
    expect(fieldErrorsOf(ZCreateCustomerApiKeySchema.safeParse({ ...base, expiresOn: "2030-02-30" }).error!).expiresOn).toBe("Enter a date as YYYY-MM-DD.");
  });

  it("accepts today, which expires at the end of the day", () => {
    const today = utcDayOf(new Date());
    expect(ZCreateCustomerApiKeySchema.parse({ ...base, expiresOn: today }).expiresOn?.toISOString()).toBe(`${today}T23:59:59.999Z`);
  });
});

describe("makeCreateResellerApiKeySchema", () => {
  const schema = makeCreateResellerApiKeySchema({ hourlyCeiling: 5000 });
  const base = { label: "Storefront", scopes: [], expiresOn: nextYear, hourlyLimit: "", customerId: "" };

  it("accepts no scopes (the key gets read), no limit and no binding", () => {
    expect(schema.parse(base)).toMatchObject({ scopes: [], hourlyLimit: null, customerId: null, expiresOn: endOfUtcDay(nextYear) });
  });

  it("wants a whole hourly limit lower than the account's", () => {
    expect(schema.parse({ ...base, hourlyLimit: "4999" }).hourlyLimit).toBe(4999);
    const err = (hourlyLimit: string) => fieldErrorsOf(schema.safeParse({ ...base, hourlyLimit }).error!).hourlyLimit;
    expect(err("5000")).toBe("Must be lower than your account's limit of 5,000 requests an hour.");
    for (const bad of ["0", "-1", "1.5", "1e3", "ten"]) expect(err(bad)).toBe("Enter a whole number of requests, 1 or more.");
    expect(makeCreateResellerApiKeySchema({ hourlyCeiling: null }).parse({ ...base, hourlyLimit: "1000000" }).hourlyLimit).toBe(1_000_000);
  });

  it("refuses customers and account on a key bound to a customer", () => {
    const r = schema.safeParse({ ...base, customerId: PROJECT, scopes: ["read", "customers", "account"] });
    expect(fieldErrorsOf(r.error!).scopes).toBe("A key bound to a customer can't hold customers or account. Untick them or remove the binding.");
    expect(schema.parse({ ...base, customerId: PROJECT, scopes: ["orders", "services"] }).customerId).toBe(PROJECT);
  });
});

describe("ZUpdateResellerApiKeySchema", () => {
  const keyId = PROJECT;

  it("leaves an unchanged expiry alone, even a past one", () => {
    expect(ZUpdateResellerApiKeySchema.parse({ keyId, label: "x", expiresOn: "2001-01-01", previousExpiresOn: "2001-01-01" })).toEqual({
      keyId,
      label: "x",
      expiresAt: undefined,
    });
  });

  it("sets, clears or refuses a changed expiry", () => {
    expect(ZUpdateResellerApiKeySchema.parse({ keyId, label: "x", expiresOn: nextYear, previousExpiresOn: "" }).expiresAt).toEqual(endOfUtcDay(nextYear));
    expect(ZUpdateResellerApiKeySchema.parse({ keyId, label: "x", expiresOn: "", previousExpiresOn: nextYear }).expiresAt).toBeNull();
    const r = ZUpdateResellerApiKeySchema.safeParse({ keyId, label: "x", expiresOn: "2001-01-02", previousExpiresOn: "2001-01-01" });
    expect(fieldErrorsOf(r.error!)).toEqual({ expiresOn: "Pick today or a later day." });
  });
});

describe("signature settings on the reseller key forms (docs/decisions.md#r16)", () => {
  const keyId = PROJECT;
  const edit = { keyId, label: "x", expiresOn: "", previousExpiresOn: "" };

  it("the edit form reads the version and the checkbox (ticked: on, unticked: empty)", () => {
    expect(ZUpdateResellerApiKeySchema.parse({ ...edit, signatureVersion: "v2", requireTimestamp: "on" })).toMatchObject({ signatureVersion: "v2", requireTimestamp: true });
    expect(ZUpdateResellerApiKeySchema.parse({ ...edit, signatureVersion: "v1", requireTimestamp: "" })).toMatchObject({ signatureVersion: "v1", requireTimestamp: false });
    const parsed = ZUpdateResellerApiKeySchema.parse(edit);
    expect(parsed.signatureVersion).toBeUndefined();
    expect(parsed.requireTimestamp).toBeUndefined();
    expect(fieldErrorsOf(ZUpdateResellerApiKeySchema.safeParse({ ...edit, signatureVersion: "v3" }).error!)).toEqual({ signatureVersion: "Pick v1 or v2." });
  });

  it("the create form takes them too", () => {
    const schema = makeCreateResellerApiKeySchema({ hourlyCeiling: 5000 });
    const base = { label: "Storefront", scopes: [], expiresOn: "", hourlyLimit: "", customerId: "" };
    expect(schema.parse({ ...base, signatureVersion: "v2", requireTimestamp: "" })).toMatchObject({ signatureVersion: "v2", requireTimestamp: false });
    const parsed = schema.parse(base);
    expect([parsed.signatureVersion, parsed.requireTimestamp]).toEqual([undefined, undefined]);
  });
});

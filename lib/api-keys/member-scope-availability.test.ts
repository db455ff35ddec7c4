import { describe, expect, it } from "vitest";
import { memberScopeAvailability } from "./member-scope-availability";

describe("memberScopeAvailability", () => {
  it("allows the owner every scope", () => {
    expect(memberScopeAvailability("all").every((s) => s.allowed && s.reason === null)).toBe(true);
  });

  it("follows the member mint rules and says which permission is missing", () => {
    const byScope = Object.fromEntries(memberScopeAvailability(["services.view", "services.power", "invoices.view"]).map((s) => [s.scope, s]));
    expect(Object.fromEntries(Object.entries(byScope).map(([k, v]) => [k, v.allowed]))).toEqual({
      read: true,
      services: true,
      orders: false,
      billing: false,
      destructive: false,
    });
    expect(byScope.orders!.reason).toBe("Needs the services.manage permission on this account. Ask the account owner.");
    expect(byScope.billing!.reason).toBe("Needs the invoices.pay permission on this account. Ask the account owner.");
  });

  it("lets a member without any view permission mint nothing, not even read", () => {
    const read = memberScopeAvailability(["services.cancel"]).find((s) => s.scope === "read")!;
    expect(read.allowed).toBe(false);
    expect(read.reason).toBe("Needs the services.view, invoices.view or billing.view permission on this account. Ask the account owner.");
  });
});

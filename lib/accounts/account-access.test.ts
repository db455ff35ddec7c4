import { describe, expect, it } from "vitest";
import { customerRoutes } from "@/lib/api/customer/routes";
import { defineEndpoint } from "@/lib/api/customer/define-endpoint";
import { ACCOUNT_ACCESS, accessRefusal, mayAccess } from "./account-access";

describe("the access table (docs/decisions.md#r12)", () => {
  it("seeing services, orders and projects follows services.view or a services permission that implies it", () => {
    for (const access of ["services:view", "orders:view", "projects:view"] as const) {
      expect(mayAccess({ permissions: ["invoices.view"] }, access)).toBe(false);
      expect(mayAccess({ permissions: ["billing.view", "invoices.pay", "services.cancel"] }, access)).toBe(false);
      for (const p of ["services.view", "services.power", "services.manage"]) expect(mayAccess({ permissions: [p] }, access)).toBe(true);
      expect(mayAccess({ permissions: "all" }, access)).toBe(true);
    }
  });

  it("invoices need invoices.view to see and invoices.pay to pay; usage needs both services and invoices", () => {
    expect(mayAccess({ permissions: ["services.manage", "billing.view"] }, "invoices:view")).toBe(false);
    expect(mayAccess({ permissions: ["invoices.view"] }, "invoices:pay")).toBe(false);
    expect(mayAccess({ permissions: ["invoices.view"] }, "usage:view")).toBe(false);
    expect(mayAccess({ permissions: ["services.power", "invoices.view"] }, "usage:view")).toBe(true);
    expect(accessRefusal("usage:view")).toBe(
      "Your account permissions do not allow this (needs one of: services.view, services.manage, services.power; and one of: invoices.view)",
    );
  });

  it("every member sees the profile, the catalogue, their own credit and the SSH keys; an unknown string grants nothing", () => {
    for (const access of ["account:view", "catalogue:view", "credit:view", "sshKeys:view"] as const) expect(mayAccess({ permissions: [] }, access)).toBe(true);
    expect(mayAccess({ permissions: ["services.*", "admin"] }, "services:view")).toBe(false);
  });

  it("every family has a view rule", () => {
    for (const rules of Object.values(ACCOUNT_ACCESS)) expect(rules.view).toBeDefined();
  });
});

describe("customer endpoints name their access", () => {
  const base = { path: "/x", summary: "t", handler: async () => ({}) } as const;

  it("refuses a declaration without one, or a GET with a change's", () => {
    expect(() => defineEndpoint({ ...base, method: "GET", scope: "read" })).toThrow(/name the account access/);
    expect(() => defineEndpoint({ ...base, method: "GET", scope: "read", access: "services:manage" })).toThrow(/a GET needs a :view access/);
    expect(() => defineEndpoint({ ...base, method: "GET", scope: null, access: "services:view" })).toThrow(/public endpoint/);
    expect(defineEndpoint({ ...base, method: "GET", scope: "read", access: "orders:view" }).access).toBe("orders:view");
  });

  it("every read of services, VPS, dedicated servers, images and orders needs services:view or orders:view", () => {
    const reads = customerRoutes.filter((e) => e.method === "GET" && /^\/(services|vps|dedicated|custom-images|upgrades|orders)\b/.test(e.path));
    expect(reads.length).toBeGreaterThan(20);
    for (const e of reads) expect([e.path, e.access]).toEqual([e.path, e.path.startsWith("/orders") ? "orders:view" : "services:view"]);
  });
});

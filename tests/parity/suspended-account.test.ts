import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_SUSPENDED_MESSAGE } from "@/lib/accounts/account-permissions";
import { dispatchCustomerApi } from "@/lib/api/customer/dispatch";
import { customerRequest, customerWithKey, readJson } from "@/lib/api/testing/api-test-kit";
import { resolveAreas } from "@/lib/auth/resolve-areas";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";

// One rule, one outcome: a suspended account is read-only, and the panel's actions refuse exactly
// what the customer API refuses, with the same sentence, writing nothing.

const session = vi.hoisted(() => ({ userId: "" }));
// The real session module, signed in as the test's user: only next-auth's session read is replaced.
vi.mock("@/auth", () => ({ auth: async () => ({ user: { id: session.userId, name: "", email: "" } }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));

let t: TestDb;
let me: Awaited<ReturnType<typeof customerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
let vpsId: string;

const api = async (method: string, path: string, body?: unknown) =>
  readJson(await dispatchCustomerApi(customerRequest(method, path, { key: me.plaintext, body }), { db: t.db }));

beforeAll(async () => {
  t = await createTestDb();
  me = await customerWithKey(t.db, { credit: "500.00" });
  site = await makeVpsSite(t.db);
  const vps = await makeActiveService(t.db, { accountId: me.account.id, productId: site.product.id, locationId: site.location.id, hostname: `par-${randomUUID().slice(0, 6)}.example.com` });
  vpsId = vps.service.id;
  await t.db.clientAccount.update({ where: { id: me.account.id }, data: { status: "suspended" } });
  session.userId = me.owner.id;
});
afterAll(async () => {
  await t?.close();
});

describe("a suspended account is read-only in the panel as in the API", () => {
  it("the panel sees the account's status", async () => {
    expect((await resolveAreas({ userId: me.owner.id }, { db: t.db })).customer?.accountStatus).toBe("suspended");
  });

  it("placing an order: API 403 ACCOUNT_SUSPENDED, panel the same sentence; no order either way", async () => {
    const where = { accountId: me.account.id };
    const before = { orders: await t.db.order.count({ where }), invoices: await t.db.invoice.count({ where }) };
    const viaApi = await api("POST", "/orders", { productId: site.product.id, billingCycle: "monthly", location: site.location.value, hostname: "new.example.com" });
    expect(viaApi).toEqual({ status: 403, body: { success: false, error: ACCOUNT_SUSPENDED_MESSAGE, code: "ACCOUNT_SUSPENDED" } });

    const { placeOrderAction } = await import("@/app/(panel)/order/actions");
    const form = new FormData();
    for (const [k, v] of Object.entries({ productId: site.product.id, billingCycle: "monthly", location: site.location.value, hostname: "new.example.com", osImageId: site.debian.id, idempotencyKey: randomUUID() })) form.set(k, v);
    const viaPanel = await placeOrderAction(null, form);
    expect(viaPanel).toMatchObject({ ok: false, error: ACCOUNT_SUSPENDED_MESSAGE, fieldErrors: { form: ACCOUNT_SUSPENDED_MESSAGE } });

    expect({ orders: await t.db.order.count({ where }), invoices: await t.db.invoice.count({ where }) }).toEqual(before);
  });

  const cases: { name: string; path: string; body?: unknown; panel: () => Promise<{ ok?: boolean; error?: string } | undefined> }[] = [
    {
      name: "VPS power",
      path: "/vps/{id}/power/restart",
      panel: async () => (await import("@/app/(panel)/services/actions")).powerVpsAction(vpsId, "restart"),
    },
    {
      name: "VPS snapshot",
      path: "/vps/{id}/snapshots",
      body: { name: "before-upgrade" },
      panel: async () => (await import("@/app/(panel)/services/actions")).createSnapshotAction(vpsId, "before-upgrade"),
    },
    {
      name: "a new project",
      path: "/projects",
      body: { name: "Staging" },
      panel: async () => {
        const r = await (await import("@/app/(panel)/projects/actions")).createProjectAction({ name: "Staging" });
        return r as { ok?: boolean; error?: string };
      },
    },
  ];

  it.each(cases)("$name: the API and the panel refuse with the same sentence", async ({ path, body, panel }) => {
    const viaApi = await api("POST", path.replace("{id}", vpsId), body);
    expect(viaApi.status).toBe(403);
    expect(viaApi.body).toMatchObject({ code: "ACCOUNT_SUSPENDED", error: ACCOUNT_SUSPENDED_MESSAGE });
    const viaPanel = await panel();
    expect(viaPanel).toMatchObject({ ok: false, error: ACCOUNT_SUSPENDED_MESSAGE });
  });

  it("nothing was written: no job started, no snapshot, no project", async () => {
    expect(await t.db.vmSnapshot.count({ where: { vm: { serviceId: vpsId } } })).toBe(0);
    expect(await t.db.project.count({ where: { accountId: me.account.id, name: "Staging" } })).toBe(0);
  });

  it("reads still work in both", async () => {
    expect((await api("GET", `/vps/${vpsId}`)).status).toBe(200);
    const { getVpsAction } = await import("@/app/(panel)/services/actions");
    expect((await getVpsAction(vpsId))?.id).toBe(vpsId);
  });
});

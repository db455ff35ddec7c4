import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors/domain-error";
import { makeActiveService, makeDedicatedSite, makeVpsSite } from "@/lib/services/testing/service-factories";
import { makeCustomer, makeProduct, makeService, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import type { OperatorContext } from "../operator-context";
import { getAdminServiceOrThrow } from "./get-admin-service-or-throw";
import { listAdminServiceFilterChoices, listAdminServices, SERVICES_PAGE_SIZE } from "./list-admin-services";

let t: TestDb;
let operatorId: string;
const operator = (): OperatorContext<TestDb["db"]> => ({ db: t.db, now: new Date(), actor: { userId: operatorId } });

let site: Awaited<ReturnType<typeof makeVpsSite>>;
let dedicated: Awaited<ReturnType<typeof makeDedicatedSite>>;
let vpsServiceId: string;
let serverServiceId: string;
let suspendedId: string;

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
  site = await makeVpsSite(t.db);
  dedicated = await makeDedicatedSite(t.db);
  const { account } = await makeCustomer(t.db);
  vpsServiceId = (await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, hostname: "web1.example.com" })).service.id;
  serverServiceId = (await makeActiveService(t.db, { accountId: account.id, productId: dedicated.product.id, locationId: dedicated.location.id, hostname: "db1.example.com" })).service.id;
  const other = await makeCustomer(t.db);
  suspendedId = (await makeService(t.db, { accountId: other.account.id, productId: site.product.id, status: "suspended" })).id;
});
afterAll(async () => {
  await t.close();
});

describe("listAdminServices", () => {
  it("lists every account's services newest first with customer, product, node, location and primary address", async () => {
    const { rows, total, filters } = await listAdminServices(operator(), {});
    expect(filters).toEqual({ status: null, productId: null, nodeId: null, locationId: null });
    expect(total).toBe(3);
    expect(rows.map((r) => r.id)).toEqual([suspendedId, serverServiceId, vpsServiceId]);
    const vps = rows.find((r) => r.id === vpsServiceId)!;
    expect(vps).toMatchObject({ hostname: "web1.example.com", status: "active", product: { id: site.product.id }, node: { id: site.node.id }, location: { id: site.location.id } });
    expect(vps.primaryAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(rows.find((r) => r.id === serverServiceId)!.node).toEqual({ id: dedicated.node.id, name: dedicated.node.name });
    // Not built yet: no node, no address.
    expect(rows.find((r) => r.id === suspendedId)).toMatchObject({ node: null, primaryAddress: null, location: null });
  });

  it("each filter narrows the list to its services", async () => {
    const ids = async (f: Parameters<typeof listAdminServices>[1]) => (await listAdminServices(operator(), f)).rows.map((r) => r.id).sort();
    expect(await ids({ status: "suspended" })).toEqual([suspendedId]);
    expect(await ids({ status: "active" })).toEqual([vpsServiceId, serverServiceId].sort());
    expect(await ids({ productId: dedicated.product.id })).toEqual([serverServiceId]);
    expect(await ids({ productId: site.product.id })).toEqual([vpsServiceId, suspendedId].sort());
    expect(await ids({ nodeId: site.node.id })).toEqual([vpsServiceId]);
    expect(await ids({ nodeId: dedicated.node.id })).toEqual([serverServiceId]);
    expect(await ids({ locationId: dedicated.location.id })).toEqual([serverServiceId]);
    // Combined: all of them hold.
    expect(await ids({ productId: site.product.id, status: "active" })).toEqual([vpsServiceId]);
    expect(await ids({ nodeId: site.node.id, status: "suspended" })).toEqual([]);
  });

  it("drops a malformed filter instead of failing (an unknown status, an id that is not one)", async () => {
    const list = await listAdminServices(operator(), { status: "bogus", productId: "not-a-uuid" });
    expect(list.filters).toEqual({ status: null, productId: null, nodeId: null, locationId: null });
    expect(list.total).toBe(3);
  });

  it("pages by 25 with the total and page count of the filtered list", async () => {
    const { account } = await makeCustomer(t.db);
    const product = await makeProduct(t.db, { kind: "generic" });
    for (let i = 0; i < SERVICES_PAGE_SIZE + 2; i++) await makeService(t.db, { accountId: account.id, productId: product.id });
    const first = await listAdminServices(operator(), { productId: product.id });
    expect(first).toMatchObject({ total: 27, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(25);
    const second = await listAdminServices(operator(), { productId: product.id, page: 2 });
    expect(second.rows).toHaveLength(2);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(27);
    const all = await listAdminServices(operator(), {});
    expect(all).toMatchObject({ total: 30, pages: 2 });
    expect((await listAdminServices(operator(), { page: 3 })).rows).toEqual([]);
  });

  it("offers every product, node and location as a filter choice", async () => {
    const choices = await listAdminServiceFilterChoices(operator());
    expect(choices.nodes.map((n) => n.id)).toEqual(expect.arrayContaining([site.node.id, dedicated.node.id]));
    expect(choices.products.map((p) => p.id)).toEqual(expect.arrayContaining([site.product.id, dedicated.product.id]));
    expect(choices.locations.map((l) => l.id)).toEqual(expect.arrayContaining([site.location.id, dedicated.location.id]));
  });
});

describe("getAdminServiceOrThrow", () => {
  it("shows the customer, billing, the machine and its node, addresses and the build job", async () => {
    const s = await getAdminServiceOrThrow(operator(), { serviceId: vpsServiceId });
    expect(s).toMatchObject({ id: vpsServiceId, status: "active", billingCycle: "monthly", currency: "EUR", product: { id: site.product.id, kind: "vps" }, location: { id: site.location.id } });
    expect(s.amount.toFixed(2)).toBe("12.00");
    expect(s.machine).toMatchObject({ kind: "vps", state: "running", vcpus: 2, node: { id: site.node.id, name: site.node.name, location: { id: site.location.id } } });
    expect(s.addresses.length).toBeGreaterThan(0);
    expect(s.addresses[0]!.version).toBe(4);
    expect(s.jobs.map((j) => [j.operation, j.label, j.state])).toContainEqual(["create", "Setup", "succeeded"]);
    expect(s.activity).toEqual([]);
  });

  it("shows a dedicated server and its controller node", async () => {
    const s = await getAdminServiceOrThrow(operator(), { serviceId: serverServiceId });
    expect(s.machine).toMatchObject({ kind: "dedicated", provisionState: "active", node: { id: dedicated.node.id, kind: "dedicated" } });
    expect(s.jobs.map((j) => j.operation)).toContain("provision");
  });

  it("has no machine before one is built, and is 404 for an unknown or malformed id", async () => {
    expect((await getAdminServiceOrThrow(operator(), { serviceId: suspendedId })).machine).toBeNull();
    for (const serviceId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const error = await getAdminServiceOrThrow(operator(), { serviceId }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe("not_found");
    }
  });
});

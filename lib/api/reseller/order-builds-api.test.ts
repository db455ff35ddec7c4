import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createManualClock } from "@/lib/backends/clock";
import { injectFailure } from "@/lib/backends/simulation/faults";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { inngest } from "@/lib/jobs/client";
import { EmbeddedRunner } from "@/lib/jobs/embedded/embedded-runner";
import { recordingLogger } from "@/lib/jobs/embedded/test-support";
import { createAdvanceBackendJobsFunction } from "@/lib/jobs/functions/advance-backend-jobs";
import { createProvisionServiceFunction } from "@/lib/jobs/functions/provision-service";
import { SERVICE_PROVISION_EVENT } from "@/lib/services/request-provisioning";
import { markProvisioningFailed } from "@/lib/services/provisioning/provisioning-steps";
import { makeVpsSite } from "@/lib/services/testing/service-factories";
import { addCredit } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { readJson, resellerRequest, resellerWithKey, type ResellerRequestOptions } from "../testing/api-test-kit";
import { dispatchResellerApi } from "./dispatch";

// Reseller orders built on the simulator (docs/decisions.md#r11): machines are named after their
// service, so one hostname ordered N times builds N machines; a service that cannot be built is
// refunded what was charged for it, once, with its move to provisioning_failed.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely

let t: TestDb;
const now = new Date("2026-06-01T10:00:00.000Z");
let r: Awaited<ReturnType<typeof resellerWithKey>>;
let site: Awaited<ReturnType<typeof makeVpsSite>>;

const send = async (method: string, path: string, options: ResellerRequestOptions = {}) =>
  readJson(await dispatchResellerApi(resellerRequest(method, path, options), { db: t.db, clock: () => now })) as Promise<{ status: number; body: Json }>;
const call = (method: string, path: string, options: ResellerRequestOptions = {}) =>
  send(method, path, { key: r.plaintext, ...(method === "GET" ? {} : { sign: { secret: r.secret, now } }), ...options });
const order = (body: Json) => call("POST", "/orders", { body: { productId: site.product.id, billingCycle: "monthly", ...body } });
const balance = async () => (await t.db.clientAccount.findUniqueOrThrow({ where: { id: r.account.id } })).creditBalance.toFixed(2);
const refundsOf = (orderId: string) => t.db.creditLedgerEntry.findMany({ where: { orderId, kind: "refund" }, orderBy: { createdAt: "asc" } });

/** The provisioning function on an embedded runner whose clock the simulator shares (as lib/jobs/functions/provision-service.test.ts). */
function builder(start: string) {
  const clock = createManualClock(start);
  const ctx = testContext(t.db, { clock });
  const runner = new EmbeddedRunner({
    db: t.db,
    functions: [createProvisionServiceFunction(() => ctx), createAdvanceBackendJobsFunction(() => ctx)],
    client: inngest,
    clock: () => clock.now(),
    logger: recordingLogger(),
    backoff: () => 1000,
  });
  /** Requests the builds and moves time on until none of the services is pending or installing. */
  const build = async (serviceIds: string[]) => {
    for (const id of serviceIds) await runner.send({ id: `provision-${id}`, name: SERVICE_PROVISION_EVENT, data: { serviceId: id } });
    await runner.runDue();
    for (let spent = 0; spent < 20 * 60 * 1000; spent += 5000) {
      const open = await t.db.service.count({ where: { id: { in: serviceIds }, status: { in: ["pending", "installing"] } } });
      if (open === 0) break;
      clock.advance(5000);
      await runner.tick();
    }
    return t.db.service.findMany({ where: { id: { in: serviceIds } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  };
  return { ctx, build };
}

beforeAll(async () => {
  t = await createTestDb();
  r = await resellerWithKey(t.db);
  await addCredit(t.db, r.account.id, "1000.00");
  await t.db.vatRate.create({ data: { countryCode: "NL", ratePercent: new Prisma.Decimal("21"), effectiveFrom: new Date("2020-01-01T00:00:00Z") } });
  site = await makeVpsSite(t.db);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, paymentMode: "credit" }, update: { paymentMode: "credit" } });
});

describe("POST /orders with quantity 3 and one hostname", () => {
  it("builds three active services on one node, each machine named after its service, the guest given the hostname; nothing refunded", async () => {
    const placed = await order({ externalOrderId: "three-1", quantity: 3, location: site.location.id, configuration: { hostname: "web.example.com" } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const ids: string[] = placed.body.data.services.map((s: Json) => s.serviceId);
    expect(ids).toHaveLength(3);

    const built = await builder("2026-06-01T10:01:00.000Z").build(ids);
    expect(built.map((s) => [s.status, s.failureCode, s.hostname])).toEqual(Array(3).fill(["active", null, "web.example.com"]));
    const vms = await t.db.virtualMachine.findMany({ where: { serviceId: { in: ids } } });
    expect(vms).toHaveLength(3);
    expect(new Set(vms.map((v) => v.nodeId))).toEqual(new Set([site.node.id]));
    expect(vms.map((v) => v.name).sort()).toEqual(ids.map((id) => `svc-${id}`).sort());
    expect(vms.every((v) => v.hostname === "web.example.com" && v.state === "running")).toBe(true);

    const row = await call("GET", `/orders/${placed.body.data.orderId}`);
    expect(row.body.data).toMatchObject({ provisioning_status: "provisioned", provisioning_error: null });
    const listed = await call("GET", "/services?limit=100");
    const mine = (listed.body.data.services ?? listed.body.data).filter((s: Json) => ids.includes(s.serviceId ?? s.id));
    expect(mine.map((s: Json) => [s.status, s.hostname])).toEqual(Array(3).fill(["active", "web.example.com"]));
    expect(await refundsOf(placed.body.data.orderId)).toEqual([]);
  });
});

describe("a service that cannot be built", () => {
  it("ends provisioning_failed with a refund row crediting exactly its share of the charge, the balance back; the rest of the order builds", async () => {
    const before = await balance();
    const placed = await order({ externalOrderId: "fail-1", quantity: 3, location: site.location.id, configuration: { hostname: "app.example.com" } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId: string = placed.body.data.orderId;
    const total = new Prisma.Decimal(placed.body.data.total);
    // 12.00 × 3 + 21 % VAT = 43.56, 14.52 a service.
    expect(total.toFixed(2)).toBe("43.56");
    expect(await balance()).toBe(new Prisma.Decimal(before).minus(total).toFixed(2));

    // The next machine the node creates fails for good (a configuration failure is final: no retry).
    await injectFailure(t.db, { node: site.node.id, operation: "create", code: "configuration", times: 1 });
    const ids: string[] = placed.body.data.services.map((s: Json) => s.serviceId);
    const built = await builder("2026-06-02T10:00:00.000Z").build(ids);
    const failed = built.filter((s) => s.status === "provisioning_failed");
    expect(failed.map((s) => s.failureCode)).toEqual(["configuration"]);
    expect(built.filter((s) => s.status === "active")).toHaveLength(2);

    const refunds = await refundsOf(orderId);
    expect(refunds.map((e) => [e.accountId, e.amount.toFixed(2), e.currency])).toEqual([[r.account.id, "14.52", "EUR"]]);
    expect(refunds[0]!.description).toBe(`Refund: service app.example.com (${failed[0]!.id}) could not be built`);
    expect(await balance()).toBe(new Prisma.Decimal(before).minus(total).plus("14.52").toFixed(2));
    // The ledger still adds up to the balance.
    const ledger = await t.db.creditLedgerEntry.aggregate({ where: { accountId: r.account.id }, _sum: { amount: true } });
    expect(ledger._sum.amount!.toFixed(2)).toBe(await balance());
    // The reseller reads the failure with the client-safe sentence.
    const row = await call("GET", `/orders/${orderId}`);
    expect(row.body.data).toMatchObject({ provisioning_status: "failed" });
  });

  it("refunds once: a second run and two runs at once of the failure write one refund row; all of an order's refunds add up to its total", async () => {
    const before = await balance();
    const placed = await order({ externalOrderId: "fail-2", quantity: 3, location: site.location.id, configuration: { hostname: "db.example.com" } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId: string = placed.body.data.orderId;
    const ids: string[] = placed.body.data.services.map((s: Json) => s.serviceId);
    const ctx = testContext(t.db, { clock: createManualClock("2026-06-03T10:00:00.000Z") });
    const failure = { ok: false as const, code: "capacity" as const, detail: "No node has room", stage: "allocate" };

    // Two runs give up on the first service at the same moment: one moves it and refunds, the other changes nothing.
    const first = await Promise.all([markProvisioningFailed(ctx, ids[0]!, failure), markProvisioningFailed(ctx, ids[0]!, failure)]);
    expect(first.map((x) => x.refunded ?? null).sort()).toEqual(["14.52", null]);
    // And once more later (onFailure after a failed step, a re-sent event).
    expect(await markProvisioningFailed(ctx, ids[0]!, failure)).toEqual({ status: "provisioning_failed" });
    expect((await refundsOf(orderId)).map((e) => e.amount.toFixed(2))).toEqual(["14.52"]);

    // The other two fail as well, each twice at once: the three refunds are exactly the order's total.
    await Promise.all(ids.slice(1).flatMap((id) => [markProvisioningFailed(ctx, id, failure), markProvisioningFailed(ctx, id, failure)]));
    const refunds = await refundsOf(orderId);
    expect(refunds).toHaveLength(3);
    expect(refunds.reduce((s, e) => s.plus(e.amount), new Prisma.Decimal(0)).toFixed(2)).toBe(new Prisma.Decimal(placed.body.data.total).toFixed(2));
    expect(await balance()).toBe(before);
    expect(await t.db.service.count({ where: { id: { in: ids }, status: "provisioning_failed" } })).toBe(3);
  });
});

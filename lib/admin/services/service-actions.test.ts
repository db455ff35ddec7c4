import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createManualClock } from "@/lib/backends/clock";
import { settle, testContext } from "@/lib/backends/testing/backend-test-kit";
import { describeAuditEntry } from "@/lib/audit/describe-audit-entry";
import { Prisma } from "@/lib/generated/prisma/client";
import { TERMINATE_CONFIRM_MISMATCH } from "@/lib/services/lifecycle/run-lifecycle-verb";
import * as steps from "@/lib/services/provisioning/provisioning-steps";
import { makeActiveService, makePendingService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { makeCustomer, makeUser } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getAdminServiceOrThrow } from "./get-admin-service-or-throw";
import type { OperatorServiceContext } from "./operator-service-context";
import { ALREADY_SUSPENDED, ALREADY_TERMINATED, NOT_SUSPENDED, suspendServiceAsOperator, terminateServiceAsOperator, unsuspendServiceAsOperator } from "./operator-service-lifecycle";
import { RETRY_ONLY_FAILED, retryServiceProvisioning } from "./retry-service-provisioning";
import { domainRefusal } from "@/lib/testing/domain-refusal";

let t: TestDb;
let operatorId: string;
let site: Awaited<ReturnType<typeof makeVpsSite>>;
const at = (s: number) => new Date(Date.parse("2030-05-01T10:00:00Z") + s * 1000);
const operator = (now = new Date()): OperatorServiceContext => ({ db: t.db, now, actor: { userId: operatorId, ip: "198.51.100.7" } });

beforeAll(async () => {
  t = await createTestDb();
  operatorId = (await makeUser(t.db, { isOperator: true })).id;
  site = await makeVpsSite(t.db);
});
afterAll(async () => {
  await t.close();
});

const refusal = domainRefusal;
async function activeService(hostname: string) {
  const { account } = await makeCustomer(t.db);
  return (await makeActiveService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, hostname })).service;
}
const statusOf = async (id: string) => (await t.db.service.findUniqueOrThrow({ where: { id } })).status;
const auditOf = (serviceId: string) => t.db.auditEntry.findMany({ where: { targetType: "service", targetId: serviceId }, orderBy: { createdAt: "asc" } });

describe("suspend and unsuspend", () => {
  it("active → suspended (machine stopped) → active (started), one audit row each on the service and its account", async () => {
    const service = await activeService("susp1.example.com");
    // The machine's jobs run on this clock, so the stop can be let finish before the start.
    const backend = testContext(t.db, { clock: createManualClock(at(0)) });
    const suspended = await suspendServiceAsOperator({ ...operator(at(0)), clock: backend.clock }, { serviceId: service.id, reason: "  Abuse report #42  " });
    expect(suspended).toMatchObject({ status: "suspended", actions: ["vm.stop"] });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "suspended", suspendReason: "Abuse report #42" });
    const stop = await t.db.backendJob.findFirstOrThrow({ where: { vm: { serviceId: service.id }, operation: "stop" } });
    expect((await settle(backend, stop.id)).state).toBe("succeeded");

    const unsuspended = await unsuspendServiceAsOperator({ ...operator(at(1)), clock: backend.clock }, { serviceId: service.id, reason: "" });
    expect(unsuspended).toMatchObject({ status: "active", actions: ["vm.start"] });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "active", suspendReason: null });

    const audit = await auditOf(service.id);
    expect(audit.map((a) => [a.action, a.accountId, a.actorUserId, a.ip])).toEqual([
      ["service.suspended", service.accountId, operatorId, "198.51.100.7"],
      ["service.unsuspended", service.accountId, operatorId, "198.51.100.7"],
    ]);
    expect(audit[0]!.details).toEqual({ service: "susp1.example.com", from: "active", to: "suspended", reason: "Abuse report #42" });
    expect(audit[1]!.details).toEqual({ service: "susp1.example.com", from: "suspended", to: "active", reason: null });
    expect(describeAuditEntry(audit[0]!)).toBe("susp1.example.com. Reason: Abuse report #42");
    // The customer page's activity shows them too (same account).
    expect(await t.db.auditEntry.count({ where: { accountId: service.accountId } })).toBe(2);
    // The service page shows them, newest first.
    expect((await getAdminServiceOrThrow(operator(), { serviceId: service.id })).activity.map((a) => a.action)).toEqual(["service.unsuspended", "service.suspended"]);
  });

  it("refuses a repeated suspend, an unsuspend of a running service and a suspend without a reason, writing nothing", async () => {
    const service = await activeService("susp2.example.com");
    expect((await refusal(suspendServiceAsOperator(operator(), { serviceId: service.id, reason: "   " }))).details).toEqual([{ field: "reason", message: "Enter the reason." }]);
    expect(await refusal(unsuspendServiceAsOperator(operator(), { serviceId: service.id }))).toMatchObject({ kind: "conflict", message: NOT_SUSPENDED });
    await suspendServiceAsOperator(operator(), { serviceId: service.id, reason: "Unpaid" });
    expect(await refusal(suspendServiceAsOperator(operator(), { serviceId: service.id, reason: "Again" }))).toMatchObject({ kind: "conflict", message: ALREADY_SUSPENDED });
    expect(await statusOf(service.id)).toBe("suspended");
    expect((await auditOf(service.id)).map((a) => a.action)).toEqual(["service.suspended"]);
  });

  it("a concurrent double suspend is applied once (the lifecycle's conditional update)", async () => {
    const service = await activeService("susp3.example.com");
    const results = await Promise.allSettled([1, 2].map(() => suspendServiceAsOperator(operator(), { serviceId: service.id, reason: "Both at once" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.auditEntry.count({ where: { targetId: service.id, action: "service.suspended" } })).toBe(1);
  });

  it("is 404 for an unknown or malformed id", async () => {
    for (const serviceId of ["00000000-0000-4000-8000-000000000000", "x"]) {
      expect((await refusal(suspendServiceAsOperator(operator(), { serviceId, reason: "r" }))).kind).toBe("not_found");
    }
  });
});

describe("terminate", () => {
  it("requires the hostname typed exactly: a wrong or blank name changes nothing", async () => {
    const service = await activeService("term1.example.com");
    for (const confirm of ["term1", "", "TERM1.example.com"]) {
      expect(await refusal(terminateServiceAsOperator(operator(), { serviceId: service.id, confirm }))).toMatchObject({ kind: "invalid", message: TERMINATE_CONFIRM_MISMATCH });
    }
    expect(await statusOf(service.id)).toBe("active");
    expect(await auditOf(service.id)).toEqual([]);

    const done = await terminateServiceAsOperator(operator(), { serviceId: service.id, confirm: " term1.example.com ", reason: "Customer asked by phone" });
    expect(done).toMatchObject({ status: "terminated", actions: ["vm.delete"] });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "terminated", cancellationReason: "Customer asked by phone" });
    const audit = await auditOf(service.id);
    expect(audit.map((a) => [a.action, a.details])).toEqual([["service.terminated", { service: "term1.example.com", from: "active", to: "terminated", reason: "Customer asked by phone" }]]);

    // Again: refused (nothing done, nothing recorded), and suspend is refused on a terminated service.
    expect(await refusal(terminateServiceAsOperator(operator(), { serviceId: service.id, confirm: "term1.example.com" }))).toMatchObject({ message: ALREADY_TERMINATED });
    expect((await refusal(suspendServiceAsOperator(operator(), { serviceId: service.id, reason: "r" }))).kind).toBe("forbidden");
    expect(await auditOf(service.id)).toHaveLength(1);
  });
});

describe("retry a failed setup", () => {
  async function failedService(hostname: string, paid?: string) {
    const { account } = await makeCustomer(t.db);
    const made = await makePendingService(t.db, { accountId: account.id, productId: site.product.id, locationId: site.location.id, hostname });
    if (paid) {
      await t.db.payment.create({ data: { accountId: account.id, orderId: made.order.id, method: "card", amount: new Prisma.Decimal(paid), currency: "EUR", status: "paid" } });
    }
    await steps.markProvisioningFailed(testContext(t.db), made.service.id, { ok: false, code: "capacity", detail: "no room", stage: "allocate" });
    return made;
  }

  it("is refused for a service whose setup did not fail, writing nothing", async () => {
    const service = await activeService("retry0.example.com");
    expect(await refusal(retryServiceProvisioning(operator(), { serviceId: service.id }))).toMatchObject({ kind: "conflict", message: RETRY_ONLY_FAILED });
    expect(await statusOf(service.id)).toBe("active");
    expect(await auditOf(service.id)).toEqual([]);
  });

  it("moves a failed service back to pending (failure and claim cleared, the order waiting again) with an audit row; the build then runs", async () => {
    const { service, order } = await failedService("retry1.example.com");
    expect(await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ provisioningStatus: "failed" });

    await retryServiceProvisioning(operator(), { serviceId: service.id });
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ status: "pending", failureCode: null, failureDetail: null, provisionRunId: null });
    expect(await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ provisioningStatus: "pending", provisioningError: null });
    const audit = await auditOf(service.id);
    expect(audit.map((a) => [a.action, a.details])).toEqual([
      ["service.provisioning_retried", { service: "retry1.example.com", from: "provisioning_failed", to: "pending", failureCode: "capacity", failureDetail: "allocate: no room" }],
    ]);
    // A second retry finds it pending.
    expect((await refusal(retryServiceProvisioning(operator(), { serviceId: service.id }))).message).toBe(RETRY_ONLY_FAILED);

    // The build's own steps pick it up as a new service would be.
    const ctx = testContext(t.db, { clock: createManualClock("2026-01-05T10:00:00.000Z") });
    expect(await steps.claimProvisioning(ctx, service.id, "run-2")).toMatchObject({ claimed: true });
    const placement = await steps.placeService(ctx, service.id);
    expect(placement.ok).toBe(true);
    if (!placement.ok) return;
    const build = await steps.startBuild(ctx, service.id, placement);
    expect(build.ok).toBe(true);
  });

  it("refunds a service once: a retried build that fails again refunds nothing more", async () => {
    const { service } = await failedService("retry2.example.com", "12.00");
    const refunds = () => t.db.creditLedgerEntry.findMany({ where: { accountId: service.accountId, kind: "refund" } });
    expect((await refunds()).map((r) => r.amount.toFixed(2))).toEqual(["12.00"]);
    await retryServiceProvisioning(operator(), { serviceId: service.id });
    await steps.markProvisioningFailed(testContext(t.db), service.id, { ok: false, code: "capacity", detail: "still no room", stage: "allocate" });
    expect(await statusOf(service.id)).toBe("provisioning_failed");
    expect((await refunds()).map((r) => r.amount.toFixed(2))).toEqual(["12.00"]);
    expect((await t.db.clientAccount.findUniqueOrThrow({ where: { id: service.accountId } })).creditBalance.toFixed(2)).toBe("12.00");
  });
});

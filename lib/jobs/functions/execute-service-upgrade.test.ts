import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createManualClock } from "@/lib/backends/clock";
import { testContext } from "@/lib/backends/testing/backend-test-kit";
import { payInvoiceFromCredit } from "@/lib/billing/pay-invoice-from-credit";
import { raiseRenewal } from "@/lib/billing/renewals/raise-renewal";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { advanceServiceUpgrade, RESIZE_CLAIM_STALE_MS, SERVICE_UPGRADE_EXECUTE_EVENT } from "@/lib/services/changes/execute-service-upgrade";
import { requestPackageChange } from "@/lib/services/changes/package-change";
import { makeUpgradePlan } from "@/lib/services/changes/testing/change-factories";
import { makeActiveService, makeCustomer, makeVpsSite } from "@/lib/services/testing/service-factories";
import { serviceContext } from "@/lib/services/service-context";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { inngest } from "../client";
import { EmbeddedRunner } from "../embedded/embedded-runner";
import { recordingLogger } from "../embedded/test-support";
import { functions } from "../functions";
import { createExecuteServiceUpgradeFunction, createSweepServiceUpgradesFunction, executeServiceUpgrade, sweepServiceUpgrades } from "./execute-service-upgrade";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.close();
});

const start = "2026-05-11T15:00:00.000Z";

function harness() {
  const clock = createManualClock(start);
  const ctx = testContext(t.db, { clock });
  const runner = new EmbeddedRunner({
    db: t.db,
    functions: [createExecuteServiceUpgradeFunction(() => ctx), createSweepServiceUpgradesFunction(() => ctx)],
    client: inngest,
    clock: () => clock.now(),
    logger: recordingLogger(),
    backoff: () => 1000,
  });
  return { clock, ctx, runner };
}

/** A customer's running VPS with a paid period ending 1 June, a bigger plan linked to it, and an unpaid upgrade invoice. */
async function customerUpgrade() {
  const site = await makeVpsSite(t.db);
  const customer = await makeCustomer(t.db, { credit: "100.00" });
  const made = await makeActiveService(t.db, { accountId: customer.account.id, productId: site.product.id, locationId: site.location.id });
  await t.db.service.update({ where: { id: made.service.id }, data: { nextDueDate: new Date("2026-06-01T00:00:00.000Z") } });
  const plan = await makeUpgradePlan(t.db, site.product.id, site.location.id, { monthly: "20.00" });
  const service = await findScopedServiceOrThrow(t.db, { accountId: customer.account.id }, made.service.id);
  const ctx = { ...serviceContext({ db: t.db, now: new Date(start), actor: { accountId: customer.account.id } }), buyer: { kind: "customer" as const, accountId: customer.account.id } };
  const requested = await requestPackageChange(ctx, { serviceId: service.id, toProductId: plan.id });
  return { site, customer, service, plan, requested };
}

it("is registered with the app's functions", () => {
  expect(functions).toContain(executeServiceUpgrade);
  expect(functions).toContain(sweepServiceUpgrades);
});

describe("executing a paid plan change", () => {
  it("a customer's upgrade waits for its invoice; paying it sets it executing and the sweep resizes the VPS and switches the plan", async () => {
    const { customer, service, plan, requested } = await customerUpgrade();
    expect(requested.upgrade.status).toBe("awaiting_payment");
    expect(requested.charge).toMatchObject({ paymentStatus: "invoiced", total: new Prisma.Decimal("5.42") });
    const { clock, runner } = harness();

    await runner.tick();
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).status).toBe("awaiting_payment");

    await payInvoiceFromCredit({ db: t.db, now: clock.now(), actor: { accountId: customer.account.id, userId: customer.owner.id, isOwner: true } }, { id: requested.charge!.document!.id });
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).status).toBe("executing");
    expect((await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).productId).toBe(service.productId);

    for (let i = 0; i < 40; i++) {
      clock.advance(30_000);
      await runner.tick();
      if ((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).status !== "executing") break;
    }
    const done = await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } });
    expect(done.status).toBe("completed");
    expect(done.executedAt).not.toBeNull();
    expect(await t.db.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ productId: plan.id, amount: new Prisma.Decimal("20.00") });
    expect(await t.db.virtualMachine.findFirstOrThrow({ where: { serviceId: service.id, destroyedAt: null } })).toMatchObject({ vcpus: 4, memoryMb: 8192, diskGb: 160, state: "running" });
    expect(await t.db.backendJob.count({ where: { operation: "resize", vm: { serviceId: service.id } } })).toBe(1);
  });

  it("completing after the resize re-prices the service's open renewal invoice to the new plan", async () => {
    const { customer, service, requested } = await customerUpgrade();
    const renewal = await raiseRenewal(t.db, service.id, { at: new Date(start), source: "nightly", creditAccountId: null });
    expect((await t.db.invoice.findUniqueOrThrow({ where: { id: renewal!.document.id } })).total.toFixed(2)).toBe("12.00");
    const { clock, runner } = harness();
    await payInvoiceFromCredit({ db: t.db, now: clock.now(), actor: { accountId: customer.account.id, userId: customer.owner.id, isOwner: true } }, { id: requested.charge!.document!.id });
    for (let i = 0; i < 40; i++) {
      clock.advance(30_000);
      await runner.tick();
      if ((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).status !== "executing") break;
    }
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).status).toBe("completed");
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: renewal!.document.id } })).toMatchObject({ status: "unpaid", subtotal: new Prisma.Decimal("20.00"), total: new Prisma.Decimal("20.00") });
  });

  it("the event runs it at once, and a second event or the sweep never resizes twice", async () => {
    const { customer, service, requested } = await customerUpgrade();
    const { clock, runner } = harness();
    await payInvoiceFromCredit({ db: t.db, now: clock.now(), actor: { accountId: customer.account.id, userId: customer.owner.id, isOwner: true } }, { id: requested.charge!.document!.id });
    await runner.send({ id: `upgrade-${requested.upgrade.id}`, name: SERVICE_UPGRADE_EXECUTE_EVENT, data: { upgradeId: requested.upgrade.id } });
    await runner.send({ id: `upgrade-${requested.upgrade.id}-again`, name: SERVICE_UPGRADE_EXECUTE_EVENT, data: { upgradeId: requested.upgrade.id } });
    for (let i = 0; i < 40; i++) {
      await runner.runDue();
      if ((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).status !== "executing") break;
      clock.advance(2_000);
      await runner.tick();
    }
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).status).toBe("completed");
    expect(clock.now().getTime() - new Date(start).getTime()).toBeLessThan(60_000);
    expect(await t.db.backendJob.count({ where: { operation: "resize", vm: { serviceId: service.id } } })).toBe(1);
  });

  it("a run that finds the resize claimed by another run waits instead of submitting a second one; a stale claim is taken over", async () => {
    const { customer, service, requested } = await customerUpgrade();
    const { clock, ctx } = harness();
    await payInvoiceFromCredit({ db: t.db, now: clock.now(), actor: { accountId: customer.account.id, userId: customer.owner.id, isOwner: true } }, { id: requested.charge!.document!.id });
    const resizes = () => t.db.backendJob.count({ where: { operation: "resize", vm: { serviceId: service.id } } });
    // Another run has claimed it and is talking to the hypervisor: no job recorded yet.
    await t.db.serviceUpgrade.update({ where: { id: requested.upgrade.id }, data: { resizeClaimedAt: clock.now() } });
    expect(await advanceServiceUpgrade(ctx, requested.upgrade.id)).toEqual({ done: false, waitMs: 2_000 });
    expect(await resizes()).toBe(0);
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).status).toBe("executing");
    // That run died: once its claim is stale, this one submits the resize.
    clock.advance(RESIZE_CLAIM_STALE_MS + 1_000);
    expect(await advanceServiceUpgrade(ctx, requested.upgrade.id)).toEqual({ done: false, waitMs: 2_000 });
    expect(await resizes()).toBe(1);
    expect((await t.db.serviceUpgrade.findUniqueOrThrow({ where: { id: requested.upgrade.id } })).resizeJobId).not.toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { makeCustomer, makeLocation, makeProduct, makeReseller, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { getAttentionItems, nodePressure } from "./get-attention-items";
import type { OperatorContext } from "./operator-context";

let t: TestDb;
const NOW = new Date("2031-03-10T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const operator = (): OperatorContext => ({ db: t.db, now: NOW, actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const node = (over: Partial<Parameters<typeof nodePressure>[0]> = {}) => ({
  id: "n",
  name: "n",
  kind: "vps" as const,
  capacityVcpus: 100,
  capacityMemoryMb: 1000,
  capacityDiskGb: 100,
  allocatedVcpus: 0,
  allocatedMemoryMb: 0,
  allocatedDiskGb: 0,
  portRangeStart: null,
  portRangeEnd: null,
  ...over,
});

describe("nodePressure", () => {
  it("names the fullest resource once one reaches 85%, and nothing below", () => {
    expect(nodePressure(node({ allocatedMemoryMb: 849, allocatedDiskGb: 84, allocatedVcpus: 84 }), 0)).toBeNull();
    expect(nodePressure(node({ allocatedMemoryMb: 850, allocatedDiskGb: 90 }), 0)).toMatchObject({ resource: "disk", used: 90, capacity: 100, ratio: 0.9 });
    expect(nodePressure(node({ allocatedMemoryMb: 990 }), 0)).toMatchObject({ resource: "memory", ratio: 0.99 });
  });

  it("ignores what a node does not sell, and counts a game node's ports", () => {
    // A dedicated controller sells no vCPU, memory or disk.
    expect(nodePressure(node({ kind: "dedicated", capacityVcpus: 0, capacityMemoryMb: 0, capacityDiskGb: 0, allocatedVcpus: 5 }), 0)).toBeNull();
    const game = node({ kind: "game", capacityVcpus: 0, portRangeStart: 25565, portRangeEnd: 25574 });
    expect(nodePressure(game, 8)).toBeNull();
    expect(nodePressure(game, 9)).toMatchObject({ resource: "ports", used: 9, capacity: 10 });
    // A VPS node's port range (none) never counts.
    expect(nodePressure(node({ portRangeStart: 1, portRangeEnd: 2 }), 2)).toBeNull();
  });
});

describe("getAttentionItems", () => {
  it("starts empty on a quiet instance", async () => {
    const a = await getAttentionItems(operator());
    expect(a.total).toBe(0);
  });

  it("lists failed builds, held plan changes, overdue invoices, full nodes, webhook and email backlogs, oldest first with full counts", async () => {
    const { account } = await makeCustomer(t.db);
    const product = await makeProduct(t.db);

    // Six failed builds: the count says 6, the list names the five that waited longest.
    const failed = [];
    for (let i = 0; i < 6; i++) {
      const s = await makeService(t.db, { accountId: account.id, productId: product.id, status: "provisioning_failed" });
      await t.db.service.update({ where: { id: s.id }, data: { updatedAt: ago((10 - i) * 60_000), failureCode: "node_unreachable" } });
      failed.push(s.id);
    }
    await makeService(t.db, { accountId: account.id, productId: product.id, status: "active" });

    const held = await makeService(t.db, { accountId: account.id, productId: product.id });
    const upgrade = await t.db.serviceUpgrade.create({ data: { serviceId: held.id, accountId: account.id, kind: "package", status: "awaiting_admin", currency: "EUR" } });
    await t.db.serviceUpgrade.create({ data: { serviceId: held.id, accountId: account.id, kind: "options", status: "completed", currency: "EUR" } });

    const invoice = (number: string, dueDate: Date, status: "unpaid" | "paid" = "unpaid") =>
      t.db.invoice.create({ data: { number, accountId: account.id, status, currency: "EUR", subtotal: new Prisma.Decimal("10"), total: new Prisma.Decimal("12.10"), dueDate } });
    await invoice("INV-ATT-2", ago(86_400_000));
    await invoice("INV-ATT-1", ago(3 * 86_400_000));
    await invoice("INV-ATT-3", new Date(NOW.getTime() + 86_400_000)); // not due yet
    await invoice("INV-ATT-4", ago(5 * 86_400_000), "paid");

    const location = await makeLocation(t.db);
    const full = await t.db.node.create({ data: { name: "att-full", locationId: location.id, kind: "vps", driver: "simulated", capacityVcpus: 10, capacityMemoryMb: 1000, capacityDiskGb: 100, allocatedMemoryMb: 900 } });
    await t.db.node.create({ data: { name: "att-roomy", locationId: location.id, kind: "vps", driver: "simulated", capacityVcpus: 10, capacityMemoryMb: 1000, capacityDiskGb: 100, allocatedMemoryMb: 100 } });
    await t.db.node.create({ data: { name: "att-off", locationId: location.id, kind: "vps", driver: "simulated", enabled: false, capacityMemoryMb: 1000, allocatedMemoryMb: 1000 } });

    const { profile: reseller, account: resellerAccount } = await makeReseller(t.db, { status: "active" });
    const { profile: applicant } = await makeReseller(t.db, { status: "pending" });
    const delivery = (status: "failed" | "pending" | "delivered", nextAttemptAt: Date) => t.db.webhookDelivery.create({ data: { resellerId: reseller.id, event: "order.paid", data: {}, status, nextAttemptAt } });
    await delivery("failed", ago(3_600_000));
    await delivery("pending", ago(10 * 60_000)); // behind
    await delivery("pending", ago(60_000)); // just due: not behind
    await delivery("delivered", ago(3_600_000));

    await t.db.emailMessage.create({ data: { dedupeKey: "att-1", template: "invoice-raised", toAddress: "a@example.com", subject: "s", status: "failed" } });
    await t.db.emailMessage.create({ data: { dedupeKey: "att-2", template: "invoice-raised", toAddress: "a@example.com", subject: "s", status: "pending", nextAttemptAt: ago(60_000) } });

    const a = await getAttentionItems(operator());
    expect(a.provisioningFailed.count).toBe(6);
    expect(a.provisioningFailed.items.map((s) => s.id)).toEqual(failed.slice(0, 5));
    expect(a.provisioningFailed.items[0]).toMatchObject({ accountId: account.id, accountName: account.name, failureCode: "node_unreachable" });

    expect(a.upgradesAwaitingApproval).toMatchObject({ count: 1, items: [{ id: upgrade.id, serviceId: held.id, kind: "package" }] });
    expect(a.resellerApplications).toMatchObject({ count: 1, items: [{ id: applicant.id }] });
    expect(a.overdueInvoices.count).toBe(2);
    expect(a.overdueInvoices.items.map((i) => i.number)).toEqual(["INV-ATT-1", "INV-ATT-2"]);
    expect(a.overdueInvoices.items[0]!.total.toFixed(2)).toBe("12.10");

    expect(a.nodesNearCapacity.map((n) => [n.id, n.resource, n.ratio])).toEqual([[full.id, "memory", 0.9]]);
    expect(a.webhookBacklogs).toEqual([{ resellerId: reseller.id, resellerName: resellerAccount.name, failed: 1, behind: 1 }]);
    expect(a.emails).toEqual({ failed: 1, behind: 0 });
    expect(a.total).toBe(6 + 1 + 1 + 2 + 1 + 1 + 1);
  });
});

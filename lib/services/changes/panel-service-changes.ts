import type { Db } from "@/lib/db/client";
import { moneyString } from "@/lib/format/money-string";
import { BILLING_CYCLE_PER } from "@/lib/pricing";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { listAvailableOptions, listHeldOptions } from "./option-changes";
import { listPackageChanges } from "./package-change";
import { changeContext } from "./service-change-context";

const specsLine = (specs: unknown) => {
  const s = (specs ?? {}) as Record<string, unknown>;
  return [s.cpu, s.ram, s.storage].filter((v) => typeof v === "string").join(" · ");
};

/** What the VPS page's Upgrade and Add-ons sections show, priced for the account (plain strings for the client). */
export async function loadPanelServiceChanges(db: Db, service: ScopedService, buyer: { accountId: string; userId: string }, now: Date) {
  const ctx = await changeContext(db, { kind: "customer", ...buyer });
  const [{ upgrades, pendingUpgrade }, held, available] = await Promise.all([
    listPackageChanges(db, ctx, service, now),
    listHeldOptions(db, service.id),
    listAvailableOptions(db, ctx, service, now),
  ]);
  let unavailable: string | null = null;
  if (service.status !== "active") unavailable = "Upgrades are available while the server is active.";
  else if (service.billingCycle === "hourly") unavailable = "Hourly servers cannot be upgraded in place; order the bigger plan instead.";
  const targets = upgrades.length ? await db.product.findMany({ where: { id: { in: upgrades.map((u) => u.toProductId) } }, select: { id: true, specs: true } }) : [];
  let pending = null;
  if (pendingUpgrade) {
    const [to, order] = await Promise.all([
      pendingUpgrade.toProductId ? db.product.findUnique({ where: { id: pendingUpgrade.toProductId }, select: { name: true } }) : null,
      pendingUpgrade.orderId ? db.order.findUnique({ where: { id: pendingUpgrade.orderId }, select: { invoices: { select: { id: true, number: true } }, proformas: { select: { id: true, number: true } } } }) : null,
    ]);
    const invoice = order?.invoices.at(-1);
    const proforma = order?.proformas.at(-1);
    pending = {
      id: pendingUpgrade.id,
      status: pendingUpgrade.status,
      toName: pendingUpgrade.kind === "options" ? "new add-ons" : (to?.name ?? "a new plan"),
      total: moneyString(pendingUpgrade.total),
      document: invoice ? { type: "invoice" as const, ...invoice } : proforma ? { type: "proforma" as const, ...proforma } : null,
    };
  }
  return {
    currency: service.currency,
    cycle: BILLING_CYCLE_PER[service.billingCycle].replace(/^per /, ""),
    unavailable,
    pending,
    rows: upgrades.map((u) => ({
      productId: u.toProductId,
      name: u.toProductName,
      specs: specsLine(targets.find((t) => t.id === u.toProductId)?.specs),
      newCyclePrice: moneyString(u.newCyclePrice),
      creditAmount: moneyString(u.creditAmount),
      chargeAmount: moneyString(u.chargeAmount),
      netAmount: moneyString(u.netAmount),
      vatRate: u.vatRate.toFixed(2),
      vatAmount: moneyString(u.vatAmount),
      totalWithVat: moneyString(u.totalWithVat),
      daysRemaining: u.daysRemaining,
      daysInCycle: u.daysInCycle,
    })),
    held: held.map((h) => ({ optionId: h.optionId, name: h.option.name, quantity: h.quantity, amount: h.amount ? moneyString(h.amount) : null, status: h.status, nextDueDate: h.nextDueDate?.toISOString() ?? null })),
    available: available.map((a) => ({ optionId: a.optionId, name: a.name, price: moneyString(a.price), setupFee: moneyString(a.setupFee), maxQuantity: a.maxQuantity, oneTime: a.pricingType === "one_time" })),
  };
}

export type PanelServiceChanges = Awaited<ReturnType<typeof loadPanelServiceChanges>>;

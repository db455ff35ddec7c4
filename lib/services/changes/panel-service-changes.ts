import { moneyString } from "@/lib/format/money-string";
import { BILLING_CYCLE_PER } from "@/lib/pricing";
import { availableOptionsOf, listHeldOptions } from "./option-changes";
import { packageChangesOf } from "./package-change";
import { serviceToChange, type ServiceChangeContext } from "./service-change-context";

const specsLine = (specs: unknown) => {
  const s = (specs ?? {}) as Record<string, unknown>;
  return [s.cpu, s.ram, s.storage].filter((v) => typeof v === "string").join(" · ");
};

/** What the VPS page's Upgrade and Add-ons sections show, priced for the buyer (plain strings for the client); 404 outside the actor's scope. */
export async function loadPanelServiceChanges(ctx: ServiceChangeContext, input: { serviceId: string }) {
  const { db } = ctx;
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  const pricing = { db, now: ctx.now, order };
  const [{ upgrades, pendingUpgrade }, held, available] = await Promise.all([
    packageChangesOf(pricing, service),
    listHeldOptions(db, service.id),
    availableOptionsOf(pricing, service),
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

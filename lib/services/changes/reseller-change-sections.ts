import { moneyString } from "@/lib/format/money-string";
import { DomainError } from "@/lib/errors/domain-error";
import type { ServiceUpgrade } from "@/lib/generated/prisma/client";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { availableOptionsOf, listHeldOptions, type HeldOption } from "./option-changes";
import { findOpenUpgrade, quotePackageChange, upgradeTargets } from "./package-change";
import { serviceToChange, type ChangePricingContext, type ServiceChangeContext } from "./service-change-context";

// The `options` and `upgrades` sections of the reseller service document, which
// `GET /services/{id}/options` and `/upgrades` answer on their own too: one implementation for
// both. Prices are what the reseller pays on the service's cycle, as money strings.

export interface ActiveOptionRow {
  id: string;
  optionId: string;
  name: string;
  quantity: number;
  status: HeldOption["status"];
  amount: string | null;
  setupFee: string;
}

export interface OptionsSection {
  priceBasis: "wholesale" | "retail";
  active: ActiveOptionRow[];
  available: { optionId: string; name: string; price: string; setupFee: string; maxQuantity: number | null }[];
}

export interface PendingUpgrade {
  upgradeId: string;
  status: ServiceUpgrade["status"];
  toProductId: string | null;
  orderId: string | null;
  createdAt: string;
}

export interface UpgradesSection {
  available: { productId: string; name: string; price: string }[];
  addons: null;
  pendingUpgrade: PendingUpgrade | null;
  /** Why nothing can be changed now (a service that is not active, an hourly one), when that is so. */
  unavailableReason?: string;
}

export const CATALOGUE_UNREADABLE = "The catalogue could not be read; try again shortly";

export const activeOptionRow = (h: HeldOption): ActiveOptionRow => ({
  id: h.id,
  optionId: h.optionId,
  name: h.option.name,
  quantity: h.quantity,
  status: h.status,
  amount: h.amount ? moneyString(h.amount) : null,
  setupFee: moneyString(h.setupFee),
});

/** The service's add-ons and those it can take, priced for the buyer; 404 outside the actor's scope. */
export async function optionsSection(ctx: ServiceChangeContext, input: { serviceId: string }): Promise<OptionsSection> {
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  return optionsSectionOf({ db: ctx.db, now: ctx.now, order }, service);
}

/** `optionsSection` after the tenant check, for the service document, which already holds the service and the buyer's order context. */
export async function optionsSectionOf(ctx: ChangePricingContext, service: ScopedService): Promise<OptionsSection> {
  const [held, available] = await Promise.all([listHeldOptions(ctx.db, service.id), availableOptionsOf(ctx, service)]);
  return {
    priceBasis: ctx.order.pricingBuyer.kind === "reseller" ? "wholesale" : "retail",
    active: held.map(activeOptionRow),
    available: available.map((a) => ({ optionId: a.optionId, name: a.name, price: moneyString(a.price), setupFee: moneyString(a.setupFee), maxQuantity: a.maxQuantity })),
  };
}

export const pendingUpgradeRow = (u: ServiceUpgrade | null): PendingUpgrade | null =>
  u ? { upgradeId: u.id, status: u.status, toProductId: u.toProductId, orderId: u.orderId, createdAt: u.createdAt.toISOString() } : null;

/** Products linked by an upgrade path, priced on the service's cycle; the change under way, if any. 404 outside the actor's scope. */
export async function upgradesSection(ctx: ServiceChangeContext, input: { serviceId: string }): Promise<UpgradesSection> {
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  return upgradesSectionOf({ db: ctx.db, now: ctx.now, order }, service);
}

/** `upgradesSection` after the tenant check, for the service document, which already holds the service and the buyer's order context. */
export async function upgradesSectionOf(ctx: ChangePricingContext, service: ScopedService): Promise<UpgradesSection> {
  const { db } = ctx;
  const pendingUpgrade = pendingUpgradeRow(await findOpenUpgrade(db, service.id));
  const available: UpgradesSection["available"] = [];
  let unavailableReason: string | undefined;
  try {
    for (const target of await upgradeTargets(db, service.productId)) {
      try {
        const p = await quotePackageChange(ctx, service, target);
        available.push({ productId: p.toProductId, name: p.toProductName, price: moneyString(p.newCyclePrice) });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // conflict: the service cannot change now; other refusals (not sold on the cycle) leave the target out.
        if (err.kind === "conflict") unavailableReason = err.message;
      }
    }
  } catch (err) {
    console.warn(`[services] upgrades of ${service.id}: the catalogue could not be read`, err);
    return { available: [], addons: null, pendingUpgrade, unavailableReason: CATALOGUE_UNREADABLE };
  }
  return { available, addons: null, pendingUpgrade, ...(unavailableReason ? { unavailableReason } : {}) };
}

import type { Db } from "@/lib/db/client";
import { loadPriceSheets, type PricingBuyer } from "@/lib/pricing";
import type { ScopedService } from "../find-scoped-service-or-throw";

// The `options` and `upgrades` sections of the service document (reseller-api.md), also answered by
// `GET /services/{id}/options` and `/upgrades`. Prices are what the buyer pays on the service's cycle
// (wholesale for a reseller), as numbers like the reseller catalogue.

export interface OptionsSection {
  priceBasis: "wholesale" | "retail";
  active: { id: string; optionId: string; name: string; quantity: number; status: string; amount: number | null; setupFee: number }[];
  available: { optionId: string; name: string; price: number | null; setupFee: number | null; maxQuantity: number | null }[];
}

export interface UpgradesSection {
  available: { productId: string; name: string; price: number | null }[];
  addons: null;
  pendingUpgrade: null;
  unavailableReason: string | null;
}

export const CATALOGUE_UNREADABLE = "The catalogue could not be read; try again shortly";

export async function serviceOptionsSection(db: Db, service: ScopedService, buyer: PricingBuyer): Promise<OptionsSection> {
  const rows = await db.serviceOption.findMany({ where: { serviceId: service.id, status: { not: "cancelled" } }, include: { option: { select: { name: true } } }, orderBy: { createdAt: "asc" } });
  const active = rows.map((r) => ({
    id: r.id,
    optionId: r.optionId,
    name: r.option.name,
    quantity: r.quantity,
    status: r.status,
    amount: r.amount === null ? null : r.amount.toNumber(),
    setupFee: r.setupFee.toNumber(),
  }));
  let available: OptionsSection["available"] = [];
  try {
    const sheet = (await loadPriceSheets(db, buyer, [service.productId])).get(service.productId);
    available = (sheet?.options ?? []).map((o) => {
      const figure = o.cycles[service.billingCycle];
      return {
        optionId: o.optionId,
        name: o.name,
        price: o.pricingType === "one_time" ? (o.oneTime?.amount.toNumber() ?? null) : (figure?.amount.toNumber() ?? null),
        setupFee: figure ? figure.setupFee.toNumber() : null,
        maxQuantity: o.maxQuantity,
      };
    });
  } catch (error) {
    console.warn(`[services] options of ${service.id}: the catalogue could not be priced`, error);
  }
  return { priceBasis: buyer.kind === "reseller" ? "wholesale" : "retail", active, available };
}

/** Products linked by an upgrade path from the service's product, priced on its cycle (null: not sold on it). */
export async function serviceUpgradesSection(db: Db, service: ScopedService, buyer: PricingBuyer): Promise<UpgradesSection> {
  try {
    const paths = await db.productUpgradePath.findMany({ where: { fromProductId: service.productId }, include: { toProduct: { select: { id: true, name: true } } } });
    const sheets = await loadPriceSheets(db, buyer, paths.map((p) => p.toProductId));
    const available = paths
      .filter((p) => sheets.has(p.toProductId))
      .map((p) => ({ productId: p.toProduct.id, name: p.toProduct.name, price: sheets.get(p.toProductId)!.cycles[service.billingCycle]?.amount.toNumber() ?? null }));
    return { available, addons: null, pendingUpgrade: null, unavailableReason: null };
  } catch (error) {
    console.warn(`[services] upgrades of ${service.id}: the catalogue could not be read`, error);
    return { available: [], addons: null, pendingUpgrade: null, unavailableReason: CATALOGUE_UNREADABLE };
  }
}

import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { billingCycleValue } from "@/lib/services/billing-cycle-value";
import { primaryAddressesOf } from "@/lib/services/primary-addresses-of";
import type { ScopedService } from "@/lib/services/find-scoped-service-or-throw";
import { getBaseCurrency } from "@/lib/pricing/base-currency";
import { convert, convertPrice } from "@/lib/pricing/exchange-rate";
import { dec, roundPrice, type Decimal } from "@/lib/pricing/money";
import { moneyString } from "@/lib/format/money-string";

export const serviceRowSchema = z.object({
  serviceId: z.string(),
  externalServiceId: z.string().nullable(),
  externalCustomerId: z.string().nullable(),
  productName: z.string(),
  status: z.enum(["pending", "pending_payment", "installing", "active", "suspended", "provisioning_failed", "cancelled", "terminated", "fraud"]),
  serverIp: z.string().nullable().describe("null until the service has a machine"),
  hostname: z.string().nullable(),
  billingCycle: z.string(),
  wholesaleAmount: z.string().describe("Per cycle, base currency"),
  nextDueDate: z.string().nullable(),
  createdAt: z.string(),
});

export const serviceDetailSchema = serviceRowSchema.extend({
  serverLocation: z.string().nullable(),
  serverPort: z.number().int().nullable().describe("SSH port; null until the service has a machine"),
});

/** The column when the order code filled it, else the order item's `configuration.externalServiceId` (reseller spec). */
function externalServiceId(s: ScopedService): string | null {
  if (s.externalServiceId) return s.externalServiceId;
  const config = s.orderItem?.configuration;
  const value = config && typeof config === "object" && !Array.isArray(config) ? (config as Record<string, unknown>).externalServiceId : undefined;
  return typeof value === "string" && value !== "" ? value : null;
}

/** The rows of a page of services; addresses are read for the whole page at once. */
export async function serviceRows(db: Db, services: ScopedService[], now: Date = new Date()): Promise<z.input<typeof serviceRowSchema>[]> {
  const [ips, toBase] = await Promise.all([
    primaryAddressesOf(
      db,
      services.map((s) => s.id),
    ),
    baseCurrencyRates(db, services, now),
  ]);
  return services.map((s) => {
    const rate = toBase.rates.get(s.currency);
    return rowOf(s, ips.get(s.id) ?? null, rate ? (d) => convertPrice(d, rate, toBase.base, s.billingCycle) : null);
  });
}

/**
 * `wholesaleAmount` is in the base currency (the reseller API spec Service), while a service bills in its
 * account's currency (invoice and saved_method modes quote in it). One rate per foreign currency on
 * the page, in force now; without a rate on file the figure stays as billed (convert's fallback).
 */
async function baseCurrencyRates(db: Db, services: ScopedService[], now: Date): Promise<{ base: string; rates: Map<string, Decimal> }> {
  const rates = new Map<string, Decimal>();
  if (services.length === 0) return { base: "", rates };
  const base = await getBaseCurrency(db);
  for (const currency of new Set(services.map((s) => s.currency))) {
    if (currency !== base) rates.set(currency, (await convert(db, dec(1), currency, base, now)).rate);
  }
  return { base, rates };
}

export async function serviceRow(db: Db, s: ScopedService): Promise<z.input<typeof serviceRowSchema>> {
  return (await serviceRows(db, [s]))[0]!;
}

/** `toBase`: the service's price in the base currency, rounded as a price in it (convertPrice); null when it bills in it. */
function rowOf(s: ScopedService, serverIp: string | null, toBase: ((amount: Decimal) => Decimal) | null): z.input<typeof serviceRowSchema> {
  return {
    serviceId: s.id,
    externalServiceId: externalServiceId(s),
    externalCustomerId: s.resellerCustomer?.externalCustomerId ?? null,
    productName: s.product.name,
    status: s.status,
    serverIp,
    hostname: s.hostname,
    billingCycle: billingCycleValue(s.billingCycle),
    // A service ordered before prices were rounded at quote time may hold more places: shown as renewals charge it.
    wholesaleAmount: moneyString(toBase ? toBase(s.amount) : roundPrice(s.amount, s.currency, s.billingCycle)),
    nextDueDate: s.nextDueDate?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

export async function serviceDetail(db: Db, s: ScopedService): Promise<z.input<typeof serviceDetailSchema>> {
  const row = await serviceRow(db, s);
  const built = row.serverIp !== null;
  return { ...row, serverLocation: built ? (s.location?.name ?? null) : null, serverPort: built ? 22 : null };
}

import type { Db, Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma, ServiceUpgrade } from "@/lib/generated/prisma/client";
import type { DocumentLineInput } from "@/lib/billing/create-invoice";
import { lockOpenRenewalDocuments } from "@/lib/billing/renewals/reprice-open-renewals";
import { resolveSavedMethod } from "@/lib/orders/saved-method";
import { defaultGatewayResolver } from "@/lib/payments/payment-gateway";
import { ZERO, apiBillingCycle, vatOn, type Decimal } from "@/lib/pricing";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { chargeServiceChange, type ChangeCharge } from "./charge-service-change";
import { completePlanChange } from "./complete-plan-change";
import { pendingResize } from "./pending-resize";
import { chargeChangeOnCard } from "./settle-card-change";
import { prorate, prorationOf } from "./proration";
import { assertChangeable, lockService, quoteForService, serviceToChange, type ChangePricingContext, type ServiceChangeContext } from "./service-change-context";

export const PRODUCT_NOT_FOUND = "Product not found";
export const NO_UPGRADE_PATH = "There is no upgrade path from this service's product to that product";
export const UPGRADE_IN_PROGRESS = "An upgrade is already in progress for this service";
export const SAME_PRODUCT = "The service is already on that product";

/** Statuses of a change still under way: a second one is refused while one of these exists. */
export const OPEN_UPGRADE_STATUSES = ["pending", "awaiting_payment", "executing", "awaiting_admin"] as const;

export interface UpgradePreview {
  toProductId: string;
  toProductName: string;
  toSpecs: unknown;
  /** What the service bills per cycle on the new plan (product and datacentre). */
  newCyclePrice: Decimal;
  upgradeFee: Decimal;
  /** The current plan's price for the days remaining, credited against the charge. */
  creditAmount: Decimal;
  /** The new plan's price for the days remaining. */
  chargeAmount: Decimal;
  /** charge − credit + fee; zero or less is a change with nothing to pay (no refund). */
  netAmount: Decimal;
  vatRate: Decimal;
  vatAmount: Decimal;
  totalWithVat: Decimal;
  daysRemaining: number;
  daysInCycle: number;
  billingCycle: string;
  /** The quote's rate (1 base = rate currency), stored on the change's order. */
  exchangeRate: Decimal;
}

type Target = { id: string; name: string; specs: Prisma.JsonValue };

/**
 * What moving the service to `toProductId` costs now: both plans prorated to the service's next due
 * date in whole days (proration.ts), the difference charged, VAT on what is charged. There is no
 * upgrade fee column in the catalogue: `upgradeFee` is 0. 404 outside the actor's scope, and for a
 * product that does not exist (or is not enabled).
 */
export async function previewPackageChange(ctx: ServiceChangeContext, input: { serviceId: string; toProductId: string }): Promise<UpgradePreview> {
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  const target = await findTarget(ctx.db, input.toProductId);
  return quotePackageChange({ db: ctx.db, now: ctx.now, order }, service, target);
}

async function findTarget(db: Db, toProductId: string): Promise<Target> {
  const target = await db.product.findFirst({ where: { id: toProductId, enabled: true }, select: { id: true, name: true, specs: true } });
  if (!target) throw new DomainError("not_found", PRODUCT_NOT_FOUND);
  return target;
}

/** `previewPackageChange` after the tenant check, for operations that already hold the service, its buyer's order context and the target. */
export async function quotePackageChange(ctx: ChangePricingContext, service: ScopedService, target: Target): Promise<UpgradePreview> {
  const { now } = ctx;
  const { cycle, due } = assertChangeable(service);
  const quote = await quoteForService(ctx.db, ctx.order, service, target.id, [], now);
  const line = quote.lines[0]!;
  const days = prorationOf(now, due, cycle);
  const creditAmount = prorate(service.amount, days, service.currency);
  const chargeAmount = prorate(line.serviceAmount, days, quote.currency);
  const upgradeFee = ZERO;
  const netAmount = chargeAmount.minus(creditAmount).plus(upgradeFee);
  const charged = netAmount.greaterThan(ZERO) ? netAmount : ZERO;
  const vatAmount = vatOn(charged, quote.vatRate, quote.currency);
  return {
    toProductId: target.id,
    toProductName: target.name,
    toSpecs: target.specs,
    newCyclePrice: line.serviceAmount,
    upgradeFee,
    creditAmount,
    chargeAmount,
    netAmount,
    vatRate: quote.vatRate,
    vatAmount,
    totalWithVat: charged.plus(vatAmount),
    daysRemaining: days.daysRemaining,
    daysInCycle: days.daysInCycle,
    billingCycle: apiBillingCycle(service.billingCycle),
    exchangeRate: quote.exchangeRate,
  };
}

/** The products the supplier links the service's product to (enabled ones), in catalogue order. */
export async function upgradeTargets(db: Db | Tx, productId: string): Promise<Target[]> {
  const paths = await db.productUpgradePath.findMany({
    where: { fromProductId: productId, toProduct: { enabled: true } },
    include: { toProduct: { select: { id: true, name: true, specs: true, sortOrder: true } } },
  });
  return paths.map((p) => p.toProduct).sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

export async function findOpenUpgrade(db: Db | Tx, serviceId: string): Promise<ServiceUpgrade | null> {
  return db.serviceUpgrade.findFirst({ where: { serviceId, status: { in: [...OPEN_UPGRADE_STATUSES] } }, orderBy: { createdAt: "desc" } });
}

export interface PackageChanges {
  upgrades: UpgradePreview[];
  pendingUpgrade: ServiceUpgrade | null;
}

/**
 * The upgrades a service can take now, each previewed (a target the buyer cannot be quoted on the
 * service's cycle or datacentre is left out), and the change under way. A service that cannot be
 * changed (not active, hourly) lists none. 404 outside the actor's scope; answers the service too,
 * for the caller's summary of it.
 */
export async function listPackageChanges(ctx: ServiceChangeContext, input: { serviceId: string }): Promise<PackageChanges & { service: ScopedService }> {
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  return { service, ...(await packageChangesOf({ db: ctx.db, now: ctx.now, order }, service)) };
}

/** `listPackageChanges` after the tenant check, for reads that already hold the service and the buyer's order context. */
export async function packageChangesOf(ctx: ChangePricingContext, service: ScopedService): Promise<PackageChanges> {
  const pendingUpgrade = await findOpenUpgrade(ctx.db, service.id);
  const upgrades: UpgradePreview[] = [];
  for (const target of await upgradeTargets(ctx.db, service.productId)) {
    try {
      upgrades.push(await quotePackageChange(ctx, service, target));
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return { upgrades, pendingUpgrade };
}

export interface PackageChangeResult {
  upgrade: ServiceUpgrade;
  preview: UpgradePreview;
  charge: ChangeCharge | null;
  /** The document lines charged (none when nothing is owed). */
  lines: DocumentLineInput[];
  /** `saved_method`: the card refused the charge (its reason); the change is `cancelled`, the order can be retried. */
  declined: string | null;
}

/**
 * Moves a service to another product linked by an upgrade path. Checks, in order: the target
 * exists (404 `Product not found`), the service is active with a billing period (409), a path
 * links the two products (409), no other change is under way (409, checked again under the
 * service row lock), the target is priced on the service's cycle (400, from pricing). The
 * difference is charged like an order of the buyer (chargeServiceChange); a change netting to zero
 * or credit charges nothing and refunds nothing. Nothing owed and no resize to run: `completed` in
 * this transaction (completePlanChange). Nothing owed with a resize to run, or paid from reseller
 * credit: `executing` at once (the background function resizes the machine and completes it; call
 * requestUpgradeExecution after the commit). A document raised:
 * `awaiting_payment` until it is paid (applyPaidServiceChange). A reseller in `saved_method` mode:
 * `pending` while the card is charged after the commit (settle-card-change.ts), then `executing`,
 * or `cancelled` with `declined` set (the order `payment_failed`, retryable). Before all that, 404
 * outside the actor's scope.
 */
export async function requestPackageChange(ctx: ServiceChangeContext, input: { serviceId: string; toProductId: string }): Promise<PackageChangeResult> {
  const { db, now } = ctx;
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  const target = await findTarget(db, input.toProductId);
  assertChangeable(service);
  if (target.id === service.productId) throw new DomainError("conflict", SAME_PRODUCT);
  const path = await db.productUpgradePath.findUnique({ where: { fromProductId_toProductId: { fromProductId: service.productId, toProductId: target.id } } });
  if (!path) throw new DomainError("conflict", NO_UPGRADE_PATH);
  if (await findOpenUpgrade(db, service.id)) throw new DomainError("conflict", UPGRADE_IN_PROGRESS);
  const preview = await quotePackageChange({ db, now, order }, service, target);

  const planned = await db.$transaction(
    async (tx) => {
      // A change owing nothing may complete here and re-price the renewal documents: their locks first (completePlanChange).
      if (!preview.netAmount.greaterThan(ZERO)) await lockOpenRenewalDocuments(tx, service.id);
      await lockService(tx, service.id);
      if (await findOpenUpgrade(tx, service.id)) throw new DomainError("conflict", UPGRADE_IN_PROGRESS);
      const charged = preview.netAmount.greaterThan(ZERO) ? preview.netAmount : ZERO;
      // `saved_method`: the card is charged after the commit; the change waits `pending` until then.
      const method = order.mode === "saved_method" && charged.greaterThan(ZERO) ? await resolveSavedMethod(tx, order.accountId, null, ctx.gateways ?? defaultGatewayResolver) : null;
      const lines: DocumentLineInput[] = charged.isZero()
        ? []
        : [
            {
              description: `Plan change to ${target.name} (${preview.daysRemaining}/${preview.daysInCycle} days: ${preview.chargeAmount.toFixed(2)} less ${preview.creditAmount.toFixed(2)} credit)`,
              quantity: 1,
              unitAmount: charged,
              amount: charged,
              serviceId: service.id,
            },
          ];
      const charge = await chargeServiceChange(tx, {
        ctx: order,
        service,
        orderType: "upgrade",
        lines,
        vatRate: preview.vatRate,
        currency: service.currency,
        exchangeRate: preview.exchangeRate,
        baseCurrency: order.baseCurrency,
        priceRule: "upgrade",
        card: method ? { paymentMethodId: method.id } : null,
        at: now,
      });
      // Nothing owed and no machine work: final at once (customer API: a change netting to zero or
      // credit is `completed`). A resize still to run keeps it `executing` until the hypervisor is done.
      const finalNow = charge === null && !(await pendingResize(tx, service.id, target.id));
      const status = charge?.paymentStatus === "invoiced" ? "awaiting_payment" : charge?.paymentStatus === "processing" ? "pending" : finalNow ? "completed" : "executing";
      const upgrade = await tx.serviceUpgrade.create({
        data: {
          serviceId: service.id,
          accountId: service.accountId,
          kind: "package",
          status,
          fromProductId: service.productId,
          toProductId: target.id,
          orderId: charge?.orderId ?? null,
          currency: service.currency,
          newAmount: preview.newCyclePrice,
          creditAmount: preview.creditAmount,
          chargeAmount: preview.chargeAmount,
          upgradeFee: preview.upgradeFee,
          netAmount: preview.netAmount,
          vatRate: preview.vatRate,
          vatAmount: preview.vatAmount,
          total: preview.totalWithVat,
          daysRemaining: preview.daysRemaining,
          daysInCycle: preview.daysInCycle,
          executedAt: finalNow ? now : null,
          createdAt: now,
        },
      });
      if (finalNow) await completePlanChange(tx, upgrade, now);
      return { result: { upgrade, preview, charge, lines, declined: null }, method };
    },
    { maxWait: 15_000, timeout: 30_000 },
  );
  const { result, method } = planned;
  if (!method || !result.charge?.paymentId) return result;
  const settled = await chargeChangeOnCard(db, {
    orderId: result.charge.orderId,
    paymentId: result.charge.paymentId,
    amount: result.charge.total,
    currency: result.charge.currency,
    method,
    description: `Plan change to ${target.name} for service ${service.id}`,
    at: now,
  });
  const upgrade = await db.serviceUpgrade.findUniqueOrThrow({ where: { id: result.upgrade.id } });
  const payment = await db.payment.findUniqueOrThrow({ where: { id: result.charge.paymentId }, select: { status: true, failureReason: true } });
  const charge = settled.invoice ? { ...result.charge, paymentStatus: "paid" as const, document: { type: "invoice" as const, ...settled.invoice, settled: true } } : result.charge;
  return { ...result, charge, upgrade, declined: payment.status === "failed" ? (settled.reason ?? payment.failureReason ?? "The card charge did not complete") : null };
}

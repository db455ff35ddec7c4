import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { Prisma, type ServiceUpgrade } from "@/lib/generated/prisma/client";
import type { DocumentLineInput } from "@/lib/billing/create-invoice";
import type { OrderContext } from "@/lib/orders/order-context";
import { nextDueDate } from "@/lib/orders/order-writes";
import { resolveSavedMethod, type SavedMethod } from "@/lib/orders/saved-method";
import { defaultGatewayResolver } from "@/lib/payments/payment-gateway";
import { ZERO, apiBillingCycle, roundMoney, vatOn, type Decimal, type OrderQuote, type QuotedOption } from "@/lib/pricing";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { applyOptionsUpgrade, type UpgradeAddOption } from "./apply-paid-service-change";
import { chargeServiceChange, type ChangeCharge } from "./charge-service-change";
import { applyReductions, endHeldOptions, listHeldOptions, liveOptionRows, type HeldOption, type OptionsChangeResult } from "./held-options";
import { UPGRADE_IN_PROGRESS, findOpenUpgrade } from "./package-change";
import { prorate, prorationOf } from "./proration";
import { assertChangeable, lockService, quoteForService, serviceToChange, type ChangePricingContext, type ServiceChangeContext } from "./service-change-context";
import { chargeChangeOnCard } from "./settle-card-change";

export { listHeldOptions, type HeldOption, type OptionsChangeResult } from "./held-options";

export const ADDON_NOT_HELD = "Add-on not found on this service";
export const ADDON_CYCLE_MISMATCH = "An add-on is billed on its service's billing cycle";
export const NOTHING_TO_CHANGE = "Name at least one add-on in addOptions or removeOptions";
export const OVERLAPPING_OPTIONS = "addOptions and removeOptions must not name the same add-on";
export const addonAlreadyHeld = (name: string) => `Add-on '${name}' is already held; remove it or change its quantity instead`;
export const addonNotHeld = (id: string) => `Add-on ${id} is not held by this service`;

const TX = { maxWait: 15_000, timeout: 30_000 };

export const ADDON_QUANTITY_MAX = 100;
export const ADDON_QUANTITY_RULE = `Quantity must be a whole number from 1 to ${ADDON_QUANTITY_MAX}`;

/**
 * The quantity of an add-on bought on a service: a whole number from 1 to 100, as typed into the
 * panel (text) or sent (a number). Anything else (-2, 0, 1.5, blank) is refused on the `quantity`
 * field — never rounded or clamped into something that would be charged.
 */
export function addonQuantity(value: unknown): number {
  const n = typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value.trim())) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > ADDON_QUANTITY_MAX) {
    throw new DomainError("invalid", ADDON_QUANTITY_RULE, { details: [{ field: "quantity", message: ADDON_QUANTITY_RULE }] });
  }
  return n;
}

export interface AvailableOption {
  optionId: string;
  name: string;
  description: string | null;
  pricingType: "recurring" | "one_time";
  maxQuantity: number | null;
  /** Per unit per cycle for the buyer (0 for a one-time add-on). */
  price: Decimal;
  /** One-off per unit (a one-time add-on's price). */
  setupFee: Decimal;
  currency: string;
  held: boolean;
}

/** The add-ons the service's product offers, priced for the buyer on the service's cycle (those not sold on it are left out); 404 outside the actor's scope. */
/** The add-ons one of the actor's services holds (`GET /services/{id}/options`); 404 outside its scope. */
export async function listServiceOptions(ctx: ServiceContext, input: { serviceId: string }): Promise<HeldOption[]> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  return listHeldOptions(ctx.db, service.id);
}

export async function listAvailableOptions(ctx: ServiceChangeContext, input: { serviceId: string }): Promise<AvailableOption[]> {
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  return availableOptionsOf({ db: ctx.db, now: ctx.now, order }, service);
}

/** `listAvailableOptions` after the tenant check, for reads that already hold the service and the buyer's order context. */
export async function availableOptionsOf(ctx: ChangePricingContext, service: ScopedService): Promise<AvailableOption[]> {
  const { db, now } = ctx;
  const [assigned, held] = await Promise.all([
    db.productOptionAssignment.findMany({ where: { productId: service.productId, active: true, option: { active: true } }, include: { option: true }, orderBy: { option: { name: "asc" } } }),
    listHeldOptions(db, service.id),
  ]);
  const out: AvailableOption[] = [];
  for (const { option } of assigned) {
    let quoted: QuotedOption;
    let currency: string;
    try {
      const quote = await quoteForService(db, ctx.order, service, service.productId, [{ optionId: option.id, quantity: 1 }], now);
      quoted = quote.lines[0]!.options[0]!;
      currency = quote.currency;
    } catch (err) {
      if (err instanceof DomainError) continue;
      throw err;
    }
    out.push({
      optionId: option.id,
      name: option.name,
      description: option.description,
      pricingType: option.pricingType,
      maxQuantity: option.maxQuantity,
      price: quoted.unitPrice,
      setupFee: quoted.setupFee,
      currency,
      held: held.some((h) => h.optionId === option.id && h.status === "active"),
    });
  }
  return out;
}

const heldQuantity = (held: HeldOption[], optionId: string) => held.filter((h) => h.optionId === optionId).reduce((n, h) => n + h.quantity, 0);

/** Quotes add-ons with the quantities the service would hold (so maxQuantity counts what it has), keyed by option id. */
async function quoteOptions(db: DbOrTx, ctx: OrderContext, service: ScopedService, totals: Map<string, number>, now: Date): Promise<{ quote: OrderQuote; byId: Map<string, QuotedOption> }> {
  const quote = await quoteForService(db, ctx, service, service.productId, [...totals].map(([optionId, quantity]) => ({ optionId, quantity })), now);
  return { quote, byId: new Map(quote.lines[0]!.options.map((o) => [o.optionId, o])) };
}

/** First cycle and one-off of `quantity` units, as money in the quote's currency: what adding them costs on the full-cycle routes. */
const fullCycleCost = (o: QuotedOption, quantity: number, currency: string) => roundMoney(o.unitPrice.plus(o.setupFee).times(quantity), currency);
const recurringOf = (o: QuotedOption, quantity: number) => (o.pricingType === "one_time" ? null : o.unitPrice.times(quantity));

export interface AddOptionResult {
  serviceOption: HeldOption;
  charge: ChangeCharge | null;
}

/**
 * Customer `POST /services/{id}/options`: buys an add-on at its full cycle price (plus setup fee);
 * its own cycle starts today (nextDueDate one cycle ahead), independent of the service's. Charged
 * like an order of the buyer: customers get a document and the add-on stays `pending_payment`
 * until it is paid; nothing owed → `active` at once. 404 outside the actor's scope.
 */
export async function addServiceOption(
  ctx: ServiceChangeContext,
  input: { serviceId: string; optionId: string; quantity: number; billingCycle?: string | null },
): Promise<AddOptionResult> {
  const { db, now } = ctx;
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  addonQuantity(input.quantity);
  const { cycle } = assertChangeable(service);
  if (input.billingCycle && input.billingCycle !== apiBillingCycle(cycle) && input.billingCycle !== cycle) {
    throw new DomainError("invalid", `${ADDON_CYCLE_MISMATCH} (${apiBillingCycle(cycle)})`, { details: [{ field: "billingCycle", message: ADDON_CYCLE_MISMATCH }] });
  }
  return db.$transaction(async (tx) => {
    await lockService(tx, service.id);
    const held = await listHeldOptions(tx, service.id);
    const { quote, byId } = await quoteOptions(tx, order, service, new Map([[input.optionId, heldQuantity(held, input.optionId) + input.quantity]]), now);
    const quoted = byId.get(input.optionId)!;
    const amount = fullCycleCost(quoted, input.quantity, quote.currency);
    const charge = await chargeServiceChange(tx, {
      ctx: order,
      service,
      orderType: "addon",
      lines: [{ description: `Add-on ${quoted.name} × ${input.quantity} (${apiBillingCycle(cycle)}, first cycle and setup)`, quantity: input.quantity, unitAmount: quoted.unitPrice.plus(quoted.setupFee), amount, serviceId: service.id }],
      vatRate: quote.vatRate,
      currency: quote.currency,
      exchangeRate: quote.exchangeRate,
      baseCurrency: quote.baseCurrency,
      priceRule: quoted.rule,
      at: now,
    });
    const row = await tx.serviceOption.create({
      data: {
        serviceId: service.id,
        optionId: input.optionId,
        quantity: input.quantity,
        status: charge && charge.paymentStatus === "invoiced" ? "pending_payment" : "active",
        amount: recurringOf(quoted, input.quantity),
        setupFee: quoted.setupFee.times(input.quantity),
        nextDueDate: quoted.pricingType === "one_time" ? null : nextDueDate(now, cycle),
        orderId: charge?.orderId ?? null,
        createdAt: now,
      },
      include: { option: { select: { id: true, name: true, pricingType: true } } },
    });
    return { serviceOption: row, charge };
  }, TX);
}

/**
 * Ends an add-on now, free and without refund: customer `DELETE /services/{id}/options/{optionId}`
 * names the catalogue option (every row of it ends), reseller `DELETE …/options/{serviceOptionId}`
 * the row. `cancelled` with today's termination date; gone from the lists at once. 404 outside the
 * actor's scope. Answers the service's id and the add-ons it still holds.
 */
export async function removeServiceOption(
  ctx: ServiceContext,
  input: { serviceId: string } & ({ optionId: string } | { rowId: string }),
): Promise<{ serviceId: string; options: HeldOption[] }> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  return ctx.db.$transaction(async (tx) => {
    await lockService(tx, service.id);
    const held = await listHeldOptions(tx, service.id);
    const rows = held.filter((h) => ("optionId" in input ? h.optionId === input.optionId : h.id === input.rowId));
    if (rows.length === 0) throw new DomainError("not_found", ADDON_NOT_HELD);
    await endHeldOptions(tx, rows, ctx.now);
    const left = await listHeldOptions(tx, service.id).then((all) => all.filter((h) => !rows.some((r) => r.id === h.id)));
    return { serviceId: service.id, options: left };
  }, TX);
}

export interface OptionsUpgradeResult {
  upgrade: ServiceUpgrade;
  lines: DocumentLineInput[];
  charge: ChangeCharge | null;
}

/**
 * Customer `POST /services/{id}/upgrades/options`: adds and removes add-ons prorated to the
 * service's next due date. Each added add-on costs its cycle price for the days remaining plus
 * its setup fee; each removed one credits its cycle amount for the days remaining, which only
 * offsets charges in the same change (never refunded). Refusals (400): nothing named, the two
 * sets overlap, an added add-on is already held, a removed one is not held, and pricing's own
 * (unavailable option, quantity). Nets to zero or credit → applied at once (`completed`, no
 * document); else a document and `awaiting_payment` until it is paid. 404 outside the actor's scope.
 */
export async function requestOptionsUpgrade(
  ctx: ServiceChangeContext,
  input: { serviceId: string; add: { optionId: string; quantity: number }[]; remove: string[] },
): Promise<OptionsUpgradeResult> {
  const { db, now } = ctx;
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  const { cycle, due } = assertChangeable(service);
  if (input.add.length === 0 && input.remove.length === 0) throw new DomainError("invalid", NOTHING_TO_CHANGE, { details: [{ field: "addOptions", message: NOTHING_TO_CHANGE }] });
  const adds = new Map<string, number>();
  for (const a of input.add) adds.set(a.optionId.toLowerCase(), (adds.get(a.optionId.toLowerCase()) ?? 0) + a.quantity);
  const removes = [...new Set(input.remove.map((r) => r.toLowerCase()))];
  if (removes.some((r) => adds.has(r))) throw new DomainError("invalid", OVERLAPPING_OPTIONS, { details: [{ field: "removeOptions", message: OVERLAPPING_OPTIONS }] });

  return db.$transaction(async (tx) => {
    await lockService(tx, service.id);
    if (await findOpenUpgrade(tx, service.id)) throw new DomainError("conflict", UPGRADE_IN_PROGRESS);
    const held = await listHeldOptions(tx, service.id);
    for (const optionId of adds.keys()) {
      const h = held.find((x) => x.optionId === optionId);
      if (h) throw new DomainError("invalid", addonAlreadyHeld(h.option.name), { details: [{ field: "addOptions", message: addonAlreadyHeld(h.option.name) }] });
    }
    for (const optionId of removes) {
      if (!held.some((x) => x.optionId === optionId)) throw new DomainError("invalid", addonNotHeld(optionId), { details: [{ field: "removeOptions", message: addonNotHeld(optionId) }] });
    }
    const days = prorationOf(now, due, cycle);
    const lines: DocumentLineInput[] = [];
    const stored: UpgradeAddOption[] = [];
    let quote: OrderQuote | null = null;
    if (adds.size > 0) {
      const quoted = await quoteOptions(tx, order, service, adds, now);
      quote = quoted.quote;
      for (const [optionId, quantity] of adds) {
        const o = quoted.byId.get(optionId)!;
        const recurring = recurringOf(o, quantity);
        const setup = o.setupFee.times(quantity);
        const amount = roundMoney((recurring ? prorate(recurring, days, quoted.quote.currency) : ZERO).plus(setup), quoted.quote.currency);
        lines.push({ description: `Add-on ${o.name} × ${quantity} (${days.daysRemaining}/${days.daysInCycle} days${setup.isZero() ? "" : " and setup"})`, quantity: 1, unitAmount: amount, amount, serviceId: service.id });
        stored.push({ optionId, quantity, amount: recurring?.toFixed(4) ?? null, setupFee: setup.toFixed(4) });
      }
    }
    const chargeAmount = lines.reduce((s, l) => s.plus(l.amount), ZERO);
    const creditAmount = held.filter((h) => removes.includes(h.optionId)).reduce((s, h) => s.plus(h.amount ? prorate(h.amount, days, service.currency) : ZERO), ZERO);
    const netAmount = chargeAmount.minus(creditAmount);
    const charged = netAmount.greaterThan(ZERO);
    if (charged && creditAmount.greaterThan(ZERO)) {
      lines.push({ description: `Credit for removed add-ons (${days.daysRemaining}/${days.daysInCycle} days)`, quantity: 1, unitAmount: creditAmount.negated(), amount: creditAmount.negated(), serviceId: service.id });
    }
    // VAT is the account's rate at `now`; a change without additions still needs it for the record.
    const vatRate = quote?.vatRate ?? (await quoteForService(tx, order, service, service.productId, [], now)).vatRate;
    const charge = charged
      ? await chargeServiceChange(tx, {
          ctx: order,
          service,
          orderType: "upgrade",
          lines,
          vatRate,
          currency: quote!.currency,
          exchangeRate: quote!.exchangeRate,
          baseCurrency: quote!.baseCurrency,
          priceRule: "upgrade",
          at: now,
        })
      : null;
    const vatAmount = charged ? vatOn(netAmount, vatRate, quote?.currency ?? service.currency) : ZERO;
    let upgrade = await tx.serviceUpgrade.create({
      data: {
        serviceId: service.id,
        accountId: service.accountId,
        kind: "options",
        status: charge && charge.paymentStatus === "invoiced" ? "awaiting_payment" : "executing",
        fromProductId: service.productId,
        toProductId: service.productId,
        addOptions: stored as unknown as Prisma.InputJsonArray,
        removeOptionIds: removes,
        orderId: charge?.orderId ?? null,
        currency: service.currency,
        creditAmount,
        chargeAmount,
        netAmount,
        vatRate,
        vatAmount,
        total: (charged ? netAmount : ZERO).plus(vatAmount),
        daysRemaining: days.daysRemaining,
        daysInCycle: days.daysInCycle,
        createdAt: now,
      },
    });
    if (upgrade.status === "executing") {
      await applyOptionsUpgrade(tx, upgrade, now);
      upgrade = await tx.serviceUpgrade.findUniqueOrThrow({ where: { id: upgrade.id } });
    }
    return { upgrade, lines: charged ? lines : [], charge };
  }, TX);
}

// ─── reseller: the absolute set ───

export interface SetOptionsOutcome {
  result: OptionsChangeResult;
  /** A replay of `externalReference`: the first change's result, nothing charged again. */
  idempotent: boolean;
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

/**
 * The change an `externalReference` already names, as a replay (docs/decisions.md#r14): a paid change
 * answers its order's `changeResult` (a card settlement keeps it current), one with nothing to charge
 * the result recorded with the reference.
 */
async function replayReference(db: DbOrTx, resellerId: string, externalReference: string): Promise<SetOptionsOutcome | null> {
  const taken = await db.resellerChangeReference.findUnique({ where: { resellerId_externalReference: { resellerId, externalReference } }, select: { orderId: true, result: true } });
  if (!taken) return null;
  const body = taken.orderId ? (await db.order.findUniqueOrThrow({ where: { id: taken.orderId }, select: { changeResult: true } })).changeResult : taken.result;
  // Written in the transaction that took the reference, so never missing once the row is visible.
  if (!body) throw new Error(`options change reference ${taken.orderId ?? externalReference} has no recorded result`);
  return { result: body as unknown as OptionsChangeResult, idempotent: true };
}

/**
 * Reseller `PUT /services/{id}/options`: the service's add-ons become exactly `options`
 * (duplicates merged). Additions and top-ups are charged at wholesale for a first cycle on the
 * service's cycle plus setup fee (their own cycle starts today), in the programme's mode:
 * `credit` debits now (rows `active`), `invoice` raises a document (rows `pending_payment`,
 * `order.invoiced`, then `active` and `order.paid` when it is paid). Removals and decreases are
 * free, immediate and not refunded. The whole change runs under the service row lock; an
 * `externalReference` names one change for life, paid or not (docs/decisions.md#r14): the change
 * takes it first in its transaction (ResellerChangeReference, unique per reseller), and every other
 * call with it — later, or a concurrent twin on this or another service, which waits for the first
 * and then fails on the unique key — answers the first change's result with `idempotent: true`. A
 * refused change takes nothing (its transaction rolls back). 404 outside the actor's scope.
 */
export async function setServiceOptions(
  ctx: ServiceChangeContext,
  input: { serviceId: string; options: { optionId: string; quantity: number }[]; externalReference?: string | null },
): Promise<SetOptionsOutcome> {
  const { db, now } = ctx;
  const { service, order } = await serviceToChange(ctx, input.serviceId);
  const resellerId = order.resellerId!;
  const reference = input.externalReference ?? null;
  if (reference) {
    const replay = await replayReference(db, resellerId, reference);
    if (replay) return replay;
  }
  const { cycle } = assertChangeable(service);
  const wanted = new Map<string, number>();
  for (const o of input.options) wanted.set(o.optionId.toLowerCase(), (wanted.get(o.optionId.toLowerCase()) ?? 0) + o.quantity);
  const gateways = ctx.gateways ?? defaultGatewayResolver;

  let planned: PlannedChange;
  try {
    planned = await db.$transaction(async (tx) => {
      await lockService(tx, service.id);
      let claimId: string | null = null;
      if (reference) {
        const twin = await replayReference(tx, resellerId, reference);
        if (twin) return { outcome: twin, card: null };
        // Taken before anything is written: a twin inserting the same reference waits for this transaction, then replays it.
        claimId = (await tx.resellerChangeReference.create({ data: { resellerId, externalReference: reference, serviceId: service.id, createdAt: now }, select: { id: true } })).id;
      }
      const held = await listHeldOptions(tx, service.id);
      const heldIds = [...new Set(held.map((h) => h.optionId))];
      const nameOf = (id: string) => held.find((h) => h.optionId === id)?.option.name ?? id;
      const { quote, byId } = wanted.size > 0 ? await quoteOptions(tx, order, service, wanted, now) : { quote: null, byId: new Map<string, QuotedOption>() };

      const result: OptionsChangeResult = { serviceId: service.id, added: [], increased: [], decreased: [], removed: [], unchanged: [], options: [], charge: null };
      const buys: { optionId: string; delta: number; o: QuotedOption }[] = [];
      for (const [optionId, quantity] of wanted) {
        const o = byId.get(optionId)!;
        const have = heldQuantity(held, optionId);
        if (have === 0) {
          result.added.push({ optionId, name: o.name, quantity, unitPrice: o.unitPrice.toFixed(2), setupFee: o.setupFee.toFixed(2) });
          buys.push({ optionId, delta: quantity, o });
        } else if (quantity > have) {
          result.increased.push({ optionId, name: o.name, delta: quantity - have, unitPrice: o.unitPrice.toFixed(2) });
          buys.push({ optionId, delta: quantity - have, o });
        } else if (quantity < have) {
          result.decreased.push({ optionId, name: o.name, delta: have - quantity });
        } else {
          result.unchanged.push({ optionId, name: o.name, quantity });
        }
      }
      for (const optionId of heldIds.filter((id) => !wanted.has(id))) result.removed.push({ optionId, name: nameOf(optionId), quantity: heldQuantity(held, optionId) });

      // A card is charged after the commit; until it goes through, nothing held changes (402: "nothing changed").
      const method = order.mode === "saved_method" && buys.length > 0 ? await resolveSavedMethod(tx, order.accountId, null, gateways) : null;
      if (!method) await applyReductions(tx, service.id, held, result, now);

      const lines: DocumentLineInput[] = buys.map(({ delta, o }) => ({
        description: `Add-on ${o.name} × ${delta} (${apiBillingCycle(cycle)}, first cycle and setup)`,
        quantity: delta,
        unitAmount: o.unitPrice.plus(o.setupFee),
        amount: fullCycleCost(o, delta, quote!.currency),
        serviceId: service.id,
      }));
      const charge = quote
        ? await chargeServiceChange(tx, {
            ctx: order,
            service,
            orderType: "addon",
            lines,
            vatRate: quote.vatRate,
            currency: quote.currency,
            exchangeRate: quote.exchangeRate,
            baseCurrency: quote.baseCurrency,
            priceRule: buys[0]?.o.rule ?? "retail",
            externalReference: reference,
            card: method ? { paymentMethodId: method.id } : null,
            at: now,
          })
        : null;
      for (const { optionId, delta, o } of buys) {
        await tx.serviceOption.create({
          data: {
            serviceId: service.id,
            optionId,
            quantity: delta,
            status: charge && charge.paymentStatus !== "paid" ? "pending_payment" : "active",
            amount: recurringOf(o, delta),
            setupFee: o.setupFee.times(delta),
            nextDueDate: o.pricingType === "one_time" ? null : nextDueDate(now, cycle),
            orderId: charge?.orderId ?? null,
            createdAt: now,
          },
        });
      }
      result.options = liveOptionRows(await listHeldOptions(tx, service.id));
      if (charge) {
        result.charge = {
          orderId: charge.orderId,
          amount: charge.total.toFixed(2),
          currency: charge.currency,
          baseAmount: charge.baseAmount.toFixed(2),
          baseCurrency: charge.baseCurrency,
          paymentMode: charge.paymentMode ?? "invoice",
          paymentStatus: charge.paymentStatus === "processing" ? "failed" : charge.paymentStatus,
          invoiceId: charge.document?.type === "invoice" ? charge.document.id : null,
          proformaId: charge.document?.type === "proforma" ? charge.document.id : null,
          reason: charge.paymentStatus === "processing" ? "The card charge did not complete" : null,
        };
        await tx.order.update({ where: { id: charge.orderId }, data: { changeResult: result as unknown as Prisma.InputJsonObject } });
      }
      if (claimId) {
        await tx.resellerChangeReference.update({ where: { id: claimId }, data: charge ? { orderId: charge.orderId } : { result: result as unknown as Prisma.InputJsonObject } });
      }
      const card = method && charge ? { method, charge } : null;
      return { outcome: { result, idempotent: false }, card };
    }, TX);
  } catch (err) {
    if (!reference || !isUniqueViolation(err)) throw err;
    const winner = await replayReference(db, resellerId, reference);
    if (!winner) throw err;
    return winner;
  }
  if (!planned.card) return planned.outcome;
  const { method, charge } = planned.card;
  await chargeChangeOnCard(db, { orderId: charge.orderId, paymentId: charge.paymentId!, amount: charge.total, currency: charge.currency, method, description: `Add-ons for service ${service.id}`, at: now });
  // The settlement (this request's, or a sweep that got there first) recorded the outcome on the order.
  const settled = await db.order.findUniqueOrThrow({ where: { id: charge.orderId }, select: { changeResult: true } });
  return { result: settled.changeResult as unknown as OptionsChangeResult, idempotent: false };
}

interface PlannedChange {
  outcome: SetOptionsOutcome;
  card: { method: SavedMethod; charge: ChangeCharge } | null;
}


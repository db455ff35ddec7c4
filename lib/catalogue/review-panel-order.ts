import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import { listAccountSshKeys } from "@/lib/accounts/list-account-ssh-keys";
import {
  BILLING_CYCLE_LABEL,
  CycleNotSoldError,
  LocationRequiredError,
  LocationUnavailableError,
  OptionCycleNotSoldError,
  OptionQuantityError,
  UnavailableOptionsError,
  describePriceRule,
  quoteOrder,
  type OrderQuote,
  type PriceRule,
} from "@/lib/pricing";
import { catalogueAvailability, getCatalogueEntry, orderableImages } from "./catalogue";
import { optionFieldName, type TPanelOrderField, type TPanelOrderFieldErrors, type TPanelOrderInput } from "./panel-order-schema";

// Order review in the client panel: the configuration checked against the product (image,
// hostname, SSH keys, availability) and priced by quoteOrder — the same figures the order code
// charges. Nothing is written.

/** The panel's customer account whose order is reviewed. */
export interface PanelOrderReviewActor {
  accountId: string;
}

/** The context reviewPanelOrder takes first (lib/db/domain-context.ts). */
export type PanelOrderReviewContext<D extends DbOrTx = DbOrTx> = DomainContext<PanelOrderReviewActor, D>;

export interface PanelOrderReviewRow {
  key: string;
  label: string;
  detail: string | null;
  /** Per service per cycle (per hour on hourly); null when the row has none. */
  recurring: string | null;
  /** Once per service; null when the row has none. */
  oneOff: string | null;
}

/** Plain strings only: it crosses from the server action to the browser. */
export interface PanelOrderReview {
  productId: string;
  productName: string;
  billingCycle: string;
  cycleLabel: string;
  hourly: boolean;
  location: { value: string; name: string } | null;
  image: { id: string; name: string } | null;
  hostname: string | null;
  sshKeys: { id: string; name: string }[];
  currency: string;
  rows: PanelOrderReviewRow[];
  /** Per service per cycle, product + datacentre + add-ons (unit figure). */
  recurringTotal: string;
  /** One-offs per service. */
  oneOffTotal: string;
  /** Due now, excluding VAT (2 places). */
  amount: string;
  vatRate: string;
  vatCountry: string;
  vat: string;
  total: string;
  rule: PriceRule;
  /** describePriceRule for the product price. */
  ruleText: string;
  rateFallback: boolean;
  quotedAt: string;
}

export type PanelOrderReviewResult =
  | { ok: true; review: PanelOrderReview; quote: OrderQuote }
  | { ok: false; fieldErrors: TPanelOrderFieldErrors };

/**
 * Where an order refusal (lib/pricing, the order code) shows on the panel's form. An add-on's
 * refusal is keyed by that add-on (`option:<id>`) so it appears under its own input: an option over
 * its maximum or not sold on the cycle names its id; options not available for the product each get
 * a sentence of their own; a detail pointing at `options[i]` is the i-th add-on ordered.
 */
export function panelOrderErrorFields(error: DomainError, input: Pick<TPanelOrderInput, "options">): TPanelOrderFieldErrors {
  if (error instanceof CycleNotSoldError) return { billingCycle: error.message };
  if (error instanceof LocationRequiredError || error instanceof LocationUnavailableError) return { location: error.message };
  if (error instanceof OptionQuantityError || error instanceof OptionCycleNotSoldError) return { [optionFieldName(error.optionId)]: error.message };
  if (error instanceof UnavailableOptionsError) {
    return Object.fromEntries(error.optionIds.map((id) => [optionFieldName(id), "This add-on is not available for this product."]));
  }
  const field = error.details?.[0]?.field ?? "";
  const option = /(?:^|\.)options\[(\d+)\]/.exec(field);
  const ordered = option ? input.options[Number(option[1])] : undefined;
  if (ordered) return { [optionFieldName(ordered.optionId)]: error.details![0]!.message };
  if (field === "billingCycle" || field === "location" || field === "hostname" || field === "osImageId") return { [field]: error.message };
  return { form: error.message };
}

const unit = (d: { toString(): string }) => d.toString();
const doc = (d: { toFixed(n: number): string }) => d.toFixed(2);

/** The configuration `input` reviewed for the account (`ctx.actor`), priced at `ctx.now`. */
export async function reviewPanelOrder(ctx: PanelOrderReviewContext, input: TPanelOrderInput): Promise<PanelOrderReviewResult> {
  const { db, now: at, actor } = ctx;
  const buyer = { kind: "customer", accountId: actor.accountId } as const;
  const catalogueCtx = { ...ctx, actor: buyer };
  const { entry } = await getCatalogueEntry(catalogueCtx, { productId: input.productId });
  const { product } = entry;
  const errors: TPanelOrderFieldErrors = {};

  const images = orderableImages(product);
  const image = input.osImageId ? images.find((i) => i.id === input.osImageId) ?? null : null;
  if (input.osImageId && !image) errors.osImageId = "That image cannot be ordered with this product. Pick another.";
  else if (product.kind === "vps" && !image) errors.osImageId = "Pick an operating system image.";

  // The native VPS product schema's hostnamePattern applies to the name the machine is built with.
  if (product.kind === "vps" && !input.hostname) errors.hostname = "Enter a hostname for the server, e.g. web1.example.com.";

  const accountKeys = input.sshKeyIds.length > 0 ? await listAccountSshKeys(ctx) : [];
  const sshKeys = input.sshKeyIds.map((id) => accountKeys.find((k) => k.id === id));
  if (sshKeys.some((k) => !k)) errors.sshKeyIds = "One of the SSH keys is no longer on your account. Reload the page.";

  // Capacity is the order's to settle; review only says what the catalogue already shows. A
  // refusal of the whole plan (a kind no backend builds, a withdrawn product) is about the order,
  // not the datacentre chosen; only a full location is the location's.
  const availability = (await catalogueAvailability(catalogueCtx, { entries: [entry], location: input.location })).get(product.id)!;
  if (!availability.available && availability.code !== "location_unavailable") {
    errors[input.location && availability.code === "no_capacity" ? "location" : "form"] = availability.reason;
  }

  let quote: OrderQuote | null = null;
  try {
    quote = await quoteOrder(db, {
      buyer,
      items: [{ productId: product.id, billingCycle: input.billingCycle, location: input.location, options: input.options }],
      at,
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    for (const [field, message] of Object.entries(panelOrderErrorFields(error, input)) as [TPanelOrderField, string][]) errors[field] ??= message;
  }
  if (!quote || Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };

  const line = quote.lines[0]!;
  const tierName = quote.buyer.resellerId
    ? ((await db.resellerProfile.findUnique({ where: { id: quote.buyer.resellerId }, select: { tier: { select: { name: true } } } }))?.tier?.name ?? null)
    : null;
  const ruleCtx = { tierName, percent: line.discountPercent, categoryName: product.category?.name ?? null };
  const cycleLabel = BILLING_CYCLE_LABEL[line.billingCycle];

  const rows: PanelOrderReviewRow[] = [
    { key: "product", label: line.productName, detail: `${cycleLabel} · ${describePriceRule(line.unitPriceRule, ruleCtx)}`, recurring: unit(line.unitPrice), oneOff: line.setupFee.isZero() ? null : unit(line.setupFee) },
  ];
  if (line.location && !(line.location.surcharge.isZero() && line.location.surchargeSetup.isZero())) {
    rows.push({
      key: "location",
      label: `Datacentre surcharge: ${line.location.name}`,
      detail: `${unit(line.location.surchargeMonthly)} per month${line.billingCycle === "monthly" ? "" : `, on the ${cycleLabel.toLowerCase()} cycle`}`,
      recurring: unit(line.location.surcharge),
      oneOff: line.location.surchargeSetup.isZero() ? null : unit(line.location.surchargeSetup),
    });
  }
  for (const o of line.options) {
    rows.push({
      key: `option:${o.optionId}`,
      label: o.quantity > 1 ? `${o.name} × ${o.quantity}` : o.name,
      detail: o.pricingType === "one_time" ? "One-time" : describePriceRule(o.rule, ruleCtx),
      recurring: o.pricingType === "one_time" ? null : unit(o.recurringAmount),
      oneOff: o.setupAmount.isZero() ? null : unit(o.setupAmount),
    });
  }

  return {
    ok: true,
    quote,
    review: {
      productId: product.id,
      productName: product.name,
      billingCycle: input.billingCycle,
      cycleLabel,
      hourly: line.billingCycle === "hourly",
      location: line.location ? { value: line.location.value, name: line.location.name } : null,
      image: image ? { id: image.id, name: image.name } : null,
      hostname: input.hostname,
      sshKeys: sshKeys.map((k) => ({ id: k!.id, name: k!.name })),
      currency: quote.currency,
      rows,
      recurringTotal: unit(line.recurringPerUnit),
      oneOffTotal: unit(line.setupPerUnit),
      amount: doc(quote.amount),
      vatRate: quote.vatRate.toString(),
      vatCountry: quote.vatCountry,
      vat: doc(quote.vat),
      total: doc(quote.total),
      rule: line.unitPriceRule,
      ruleText: describePriceRule(line.unitPriceRule, ruleCtx),
      rateFallback: quote.rateFallback,
      quotedAt: at.toISOString(),
    },
  };
}

import type { BillingCycle } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { apiBillingCycle } from "./billing-cycles";
import type { Decimal } from "./money";

// The refusals of pricing, typed so order code can tell them apart; each is a DomainError, so the
// API edge maps it (kind → status, message verbatim, code and details for the customer API).

/** No rule prices the product on the cycle (reseller-api "Wholesale price resolution", docs/decisions.md#d10). */
export class CycleNotSoldError extends DomainError {
  readonly cycle: BillingCycle;
  constructor(cycle: BillingCycle) {
    super("invalid", `Product is not sold on the '${apiBillingCycle(cycle)}' billing cycle`);
    this.name = "CycleNotSoldError";
    this.cycle = cycle;
  }
}

/** An option has no price on the order's cycle, not even one derived from its monthly price. */
export class OptionCycleNotSoldError extends DomainError {
  readonly optionId: string;
  readonly cycle: BillingCycle;
  constructor(option: { id: string; name: string }, cycle: BillingCycle) {
    const message = `Option '${option.name}' is not sold on the '${apiBillingCycle(cycle)}' billing cycle`;
    super("invalid", message, { details: [{ field: "options", message }] });
    this.name = "OptionCycleNotSoldError";
    this.optionId = option.id;
    this.cycle = cycle;
  }
}

/** Option ids that do not belong to the product or are not active on it (named, in request order). */
export class UnavailableOptionsError extends DomainError {
  readonly optionIds: string[];
  constructor(optionIds: string[]) {
    const message = `Options not available for this product: ${optionIds.join(", ")}`;
    super("invalid", message, { details: [{ field: "options", message }] });
    this.name = "UnavailableOptionsError";
    this.optionIds = optionIds;
  }
}

/** More of an option per service than its maxQuantity (after merging duplicate ids). */
export class OptionQuantityError extends DomainError {
  readonly optionId: string;
  readonly maxQuantity: number;
  constructor(option: { id: string; name: string }, maxQuantity: number) {
    const message = `Option '${option.name}' allows at most ${maxQuantity} per service`;
    super("invalid", message, { details: [{ field: "options", message }] });
    this.name = "OptionQuantityError";
    this.optionId = option.id;
    this.maxQuantity = maxQuantity;
  }
}

export const LOCATION_REQUIRED_MESSAGE = "A datacentre must be selected";

/** The product prices its datacentres and the order names none (docs/decisions.md#d24). */
export class LocationRequiredError extends DomainError {
  constructor() {
    super("invalid", LOCATION_REQUIRED_MESSAGE, { details: [{ field: "location", message: LOCATION_REQUIRED_MESSAGE }] });
    this.name = "LocationRequiredError";
  }
}

/** A location the product is not sold in, or any location for a product sold in none (docs/decisions.md#d24). */
export class LocationUnavailableError extends DomainError {
  readonly location: string;
  readonly accepted: string[];
  constructor(location: string, accepted: string[]) {
    const message =
      accepted.length > 0
        ? `Location '${location}' is not available for this product; accepted values: ${accepted.join(", ")}`
        : `Location '${location}' is not available for this product; accepted values: none (the product is not sold by location)`;
    super("invalid", message, { code: "LOCATION_UNAVAILABLE", details: [{ field: "location", message }] });
    this.name = "LocationUnavailableError";
    this.location = location;
    this.accepted = accepted;
  }
}

/** A holding cap would be exceeded (reseller-api "Holding caps and minimums": 409). */
export class QuantityLimitError extends DomainError {
  readonly productId: string;
  readonly maxUnits: number;
  readonly held: number;
  readonly requested: number;
  constructor(input: { productId: string; maxUnits: number; held: number; requested: number }) {
    super("conflict", "Quantity limit reached");
    this.name = "QuantityLimitError";
    this.productId = input.productId;
    this.maxUnits = input.maxUnits;
    this.held = input.held;
    this.requested = input.requested;
  }
}

/** The programme's minimum order amount is not reached (400, before any charge). */
export class MinimumOrderError extends DomainError {
  readonly amount: Decimal;
  readonly minimum: Decimal;
  readonly currency: string;
  constructor(amount: Decimal, minimum: Decimal, currency: string) {
    super(
      "invalid",
      `Order amount ${amount.toFixed(2)} ${currency} is below the minimum order amount of ${minimum.toFixed(2)} ${currency}`,
    );
    this.name = "MinimumOrderError";
    this.amount = amount;
    this.minimum = minimum;
    this.currency = currency;
  }
}

import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";

export { INSUFFICIENT_CREDIT } from "./post-credit-entry";

// The refusals of paying a document from credit (the customer API spec "Bodies", Pay; docs/decisions.md#d29).
// The spec writes the over-payment sentence as `Amount exceeds the outstanding ... balance`; the
// dots are the document's kind.
export type BillingDocumentType = "invoice" | "proforma";

const LABEL: Record<BillingDocumentType, string> = { invoice: "Invoice", proforma: "Proforma" };

export const amountExceedsOutstanding = (type: BillingDocumentType) => `Amount exceeds the outstanding ${type} balance`;

export const documentNotFound = (type: BillingDocumentType) => `${LABEL[type]} not found`;

const WHY_NOT_PAYABLE: Record<string, string> = {
  paid: "it is already paid",
  converted: "it has already been converted to an invoice",
  cancelled: "it is cancelled",
  refunded: "it is refunded",
  settled: "nothing is outstanding on it",
};

/** `Proforma cannot be paid: it has already been converted to an invoice`. */
export const documentNotPayable = (type: BillingDocumentType, status: string) =>
  `${LABEL[type]} cannot be paid: ${WHY_NOT_PAYABLE[status] ?? `its status is ${status}`}`;

export const currencyMismatch = (type: BillingDocumentType, creditCurrency: string, documentCurrency: string) =>
  `Your credit is held in ${creditCurrency}; this ${type} is in ${documentCurrency}`;

export const INVALID_AMOUNT = "Amount must be a positive amount with at most 2 decimal places";

/** A payment amount as the API and the panel accept it: positive, at most 2 decimals. */
export function parsePaymentAmount(value: string | number): Prisma.Decimal | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  if (!/^\d{1,14}(\.\d{1,2})?$/.test(text)) return null;
  const amount = new Prisma.Decimal(text);
  return amount.gt(0) ? amount : null;
}

/** Throws the 400 for an amount the domain was handed without validation (the panel's form). */
export function assertPaymentAmount(amount: Prisma.Decimal): void {
  if (!amount.gt(0) || amount.decimalPlaces() > 2) throw new DomainError("invalid", INVALID_AMOUNT, { details: [{ field: "amount", message: INVALID_AMOUNT }] });
}

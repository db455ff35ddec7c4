import type { OperatorContext } from "../operator-context";
import type { DbOrTx } from "@/lib/db/client";
import { documentNotFound, type BillingDocumentType } from "@/lib/billing/billing-errors";
import type { PrintableDocumentType } from "@/lib/billing/get-invoice-document-or-throw";
import { DomainError } from "@/lib/errors/domain-error";
import { isUuid } from "@/lib/schemas/uuid";

/** The two kinds of billing document the console lists, as the paths name them (`/admin/invoices/<kind>/<id>`). */
export const DOCUMENT_KINDS = ["invoice", "proforma"] as const satisfies readonly BillingDocumentType[];

export function documentKindOf(value: string | null | undefined): BillingDocumentType | null {
  return (DOCUMENT_KINDS as readonly string[]).includes(value ?? "") ? (value as BillingDocumentType) : null;
}

/** Where a document is, for an operator who may act on any account's: its account, order and number. 404 for an unknown or malformed id. */
export async function findDocumentOrThrow(db: DbOrTx, { type, id }: { type: BillingDocumentType; id: string }): Promise<{ id: string; accountId: string; orderId: string | null; number: string }> {
  const select = { id: true, accountId: true, orderId: true, number: true } as const;
  const found = !isUuid(id) ? null : type === "invoice" ? await db.invoice.findUnique({ where: { id }, select }) : await db.proforma.findUnique({ where: { id }, select });
  if (!found) throw new DomainError("not_found", documentNotFound(type));
  return found;
}

/** The same look-up for the console's pages and routes, which call domain functions with a context (docs/decisions.md#r8). */
export async function findAdminDocumentOrThrow(ctx: OperatorContext, input: { type: BillingDocumentType; id: string }) {
  return findDocumentOrThrow(ctx.db, input);
}

/** The document's Payment, ledger and renewal reference: `{ invoiceId }` or `{ proformaId }`. */
export const documentRef = (type: BillingDocumentType, id: string) => (type === "invoice" ? { invoiceId: id } : { proformaId: id });

/** What the console prints: the two documents and the credit notes (`/admin/invoices/credit_note/<id>/print`). */
export function printableKindOf(value: string | null | undefined): PrintableDocumentType | null {
  return value === "credit_note" ? "credit_note" : documentKindOf(value);
}

/** The account of any printable document, for reading it as that account (404 for an unknown or malformed id). */
export async function findAdminPrintableOrThrow(ctx: OperatorContext, { type, id }: { type: PrintableDocumentType; id: string }): Promise<{ accountId: string }> {
  if (type !== "credit_note") return findDocumentOrThrow(ctx.db, { type, id });
  const note = isUuid(id) ? await ctx.db.creditNote.findUnique({ where: { id }, select: { accountId: true } }) : null;
  if (!note) throw new DomainError("not_found", "Credit note not found");
  return note;
}

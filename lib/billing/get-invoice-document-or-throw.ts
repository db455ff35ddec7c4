import { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { readInvoiceLegalDetails } from "./admin/save-invoice-legal-details";
import type { BillingContext } from "./billing-actor";
import { documentNotFound, type BillingDocumentType } from "./billing-errors";

/** What prints on the sheet and in the PDF: the two billing documents, and the credit note that reverses (part of) an invoice. */
export type PrintableDocumentType = BillingDocumentType | "credit_note";

export interface InvoiceDocumentParty {
  /** The legal name (supplier) or the company, else the account's name (customer); null when the operator has not set one. */
  name: string | null;
  /** The customer account's own name under its company's; null otherwise. */
  attention: string | null;
  /** Postal address, one entry per printed line. */
  addressLines: string[];
  /** ISO 3166-1 alpha-2 (customer only). */
  country: string | null;
  vatNumber: string | null;
  /** Company registration number (supplier only). */
  registration: string | null;
  email: string | null;
}

export interface InvoiceDocumentLine {
  description: string;
  quantity: number;
  unitAmount: Prisma.Decimal;
  amount: Prisma.Decimal;
}

/** VAT at one rate: the amounts it was charged on and the VAT, as stored. */
export interface InvoiceDocumentVatLine {
  ratePercent: Prisma.Decimal;
  base: Prisma.Decimal;
  amount: Prisma.Decimal;
}

/**
 * Everything a printed invoice or proforma shows, one model for the print page and the PDF
 * (docs/billing.md "Printable documents"). Figures are the document's stored columns, never
 * re-added from the lines.
 */
export interface InvoiceDocument {
  type: PrintableDocumentType;
  id: string;
  number: string;
  status: string;
  currency: string;
  issuedAt: Date;
  /** Null on a credit note, which asks for nothing. */
  dueDate: Date | null;
  /** When an invoice was paid in full; null for a proforma (a paid proforma becomes an invoice) and a credit note. */
  paidAt: Date | null;
  supplier: InvoiceDocumentParty;
  customer: InvoiceDocumentParty;
  lines: InvoiceDocumentLine[];
  vatLines: InvoiceDocumentVatLine[];
  subtotal: Prisma.Decimal;
  vatAmount: Prisma.Decimal;
  total: Prisma.Decimal;
  /** Paid on it so far (the stored column), and of that what came from credit, by card and by bank transfer (recorded by an operator). */
  paidAmount: Prisma.Decimal;
  creditApplied: Prisma.Decimal;
  paidByCard: Prisma.Decimal;
  paidByBankTransfer: Prisma.Decimal;
  remainingAmount: Prisma.Decimal;
  /** The proforma an invoice came from, the invoice a proforma became, or the invoice a credit note credits. */
  related: { type: BillingDocumentType; id: string; number: string } | null;
  /** The operator's footer (bank details, terms), printed as typed. */
  footer: string | null;
}

/** An invoice's or proforma's sheet: always due on a date. */
export type BillingDocumentSheet = InvoiceDocument & { type: BillingDocumentType; dueDate: Date };

const ITEMS = { orderBy: { id: "asc" }, select: { description: true, quantity: true, unitAmount: true, amount: true } } as const;
const PAYMENTS = { where: { status: "paid" }, select: { method: true, amount: true, currency: true } } as const;
const ACCOUNT = { select: { name: true, company: true, country: true, vatNumber: true, owner: { select: { email: true } } } } as const;

type Stored = {
  id: string;
  number: string;
  status: string;
  currency: string;
  issuedAt: Date;
  dueDate: Date | null;
  subtotal: Prisma.Decimal;
  vatRate: Prisma.Decimal;
  vatAmount: Prisma.Decimal;
  total: Prisma.Decimal;
  paidAmount: Prisma.Decimal;
  items: InvoiceDocumentLine[];
  payments: { method: string; amount: Prisma.Decimal; currency: string }[];
  account: { name: string; company: string | null; country: string; vatNumber: string | null; owner: { email: string } };
};

async function loadStored({ db, actor }: BillingContext, { type, id }: { type: PrintableDocumentType; id: string }) {
  // Scoped to the account in the query itself: another account's document is not found.
  const where = { id, accountId: actor.accountId };
  if (type === "credit_note") {
    const note = await db.creditNote.findFirst({ where, include: { account: ACCOUNT, invoice: { select: { id: true, number: true } } } });
    if (!note) return null;
    // One line: what was credited, net; the VAT it reverses is the note's own column.
    const stored: Stored = {
      ...note,
      status: "issued",
      dueDate: null,
      paidAmount: new Prisma.Decimal(0),
      items: [{ description: note.description, quantity: 1, unitAmount: note.subtotal, amount: note.subtotal }],
      payments: [],
    };
    return { stored, paidAt: null, related: { type: "invoice" as const, ...note.invoice } };
  }
  if (type === "invoice") {
    const invoice = await db.invoice.findFirst({
      where,
      include: { items: ITEMS, payments: PAYMENTS, account: ACCOUNT, proformas: { select: { id: true, number: true }, orderBy: { issuedAt: "asc" }, take: 1 } },
    });
    if (!invoice) return null;
    const from = invoice.proformas[0];
    return { stored: invoice as Stored, paidAt: invoice.paidAt, related: from ? { type: "proforma" as const, ...from } : null };
  }
  const proforma = await db.proforma.findFirst({
    where,
    include: { items: ITEMS, payments: PAYMENTS, account: ACCOUNT, invoice: { select: { id: true, number: true } } },
  });
  if (!proforma) return null;
  return { stored: proforma as Stored, paidAt: null, related: proforma.invoice ? { type: "invoice" as const, ...proforma.invoice } : null };
}

const sum = (values: Prisma.Decimal[]) => values.reduce((s, v) => s.plus(v), new Prisma.Decimal(0));
const blankToNull = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);

/**
 * The printable invoice, proforma or credit note `id` of the actor's account, with the supplier's legal details
 * (PlatformSettings); 404 `Invoice not found` / `Proforma not found` for any other.
 */
export async function getInvoiceDocumentOrThrow(ctx: BillingContext, input: { type: BillingDocumentType; id: string }): Promise<BillingDocumentSheet>;
export async function getInvoiceDocumentOrThrow(ctx: BillingContext, input: { type: PrintableDocumentType; id: string }): Promise<InvoiceDocument>;
export async function getInvoiceDocumentOrThrow(ctx: BillingContext, input: { type: PrintableDocumentType; id: string }): Promise<InvoiceDocument> {
  const [found, legal] = await Promise.all([loadStored(ctx, input), readInvoiceLegalDetails(ctx.db)]);
  if (!found) throw new DomainError("not_found", input.type === "credit_note" ? "Credit note not found" : documentNotFound(input.type));
  const { stored: doc, paidAt, related } = found;
  const paidIn = (method: string) => sum(doc.payments.filter((p) => p.method === method && p.currency === doc.currency).map((p) => p.amount));
  const company = blankToNull(doc.account.company);

  return {
    type: input.type,
    id: doc.id,
    number: doc.number,
    status: doc.status,
    currency: doc.currency,
    issuedAt: doc.issuedAt,
    dueDate: doc.dueDate,
    paidAt,
    supplier: {
      name: legal.legalName,
      attention: null,
      addressLines: legal.legalAddress ? legal.legalAddress.split("\n") : [],
      country: null,
      vatNumber: legal.legalVatNumber,
      registration: legal.legalRegistration,
      email: legal.legalEmail,
    },
    customer: {
      name: company ?? doc.account.name,
      attention: company ? doc.account.name : null,
      // Accounts hold no postal address yet (prisma/schema.prisma ClientAccount): the country is all there is.
      addressLines: [],
      country: doc.account.country,
      vatNumber: blankToNull(doc.account.vatNumber),
      registration: null,
      email: doc.account.owner.email,
    },
    lines: doc.items.map((i) => ({ description: i.description, quantity: i.quantity, unitAmount: i.unitAmount, amount: i.amount })),
    // A document carries one VAT rate (Invoice.vatRate), so one group, on the stored subtotal.
    vatLines: [{ ratePercent: doc.vatRate, base: doc.subtotal, amount: doc.vatAmount }],
    subtotal: doc.subtotal,
    vatAmount: doc.vatAmount,
    total: doc.total,
    paidAmount: doc.paidAmount,
    creditApplied: paidIn("credit"),
    paidByCard: paidIn("card"),
    paidByBankTransfer: paidIn("bank_transfer"),
    remainingAmount: Prisma.Decimal.max(doc.total.minus(doc.paidAmount), 0),
    related,
    footer: legal.invoiceFooter,
  };
}

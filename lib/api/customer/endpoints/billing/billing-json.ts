import { z } from "zod";
import type { AutoCreditApplied } from "@/lib/billing/apply-auto-credit";
import type { CreditPayment } from "@/lib/billing/apply-credit-to-invoice";
import type { InvoiceDetail, ProformaDetail } from "@/lib/billing/get-billing-document-or-throw";
import type { InvoiceRow } from "@/lib/billing/list-invoices";
import type { ProformaRow } from "@/lib/billing/list-proformas";
import type { Prisma } from "@/lib/generated/prisma/client";
import { moneyString } from "@/lib/format/money-string";

// How invoices, proformas and credit payments read in the customer API (the customer API spec
// "Resources": detail reads add paid_amount, remaining_amount, settled; docs/decisions.md#d28: list rows
// carry id, number, status, total, currency and dates). Money is a decimal string.

const iso = (d: Date | null) => d?.toISOString() ?? null;
const money = z.string();

export const paymentSchema = z.object({
  id: z.string(),
  method: z.enum(["credit", "card", "bank_transfer"]),
  amount: money,
  currency: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export function paymentJson(p: Pick<CreditPayment, "id" | "amount" | "currency" | "createdAt"> & { method: "credit" | "card" | "bank_transfer"; status: string }) {
  return { id: p.id, method: p.method, amount: moneyString(p.amount), currency: p.currency, status: p.status, created_at: p.createdAt.toISOString() };
}

const itemSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: money,
  amount: money,
  service_id: z.string().nullable(),
});
type ItemRow = { id: string; description: string; quantity: number; unitAmount: Prisma.Decimal; amount: Prisma.Decimal; serviceId: string | null };
const itemJson = (i: ItemRow) => ({
  id: i.id,
  description: i.description,
  quantity: i.quantity,
  unit_amount: moneyString(i.unitAmount),
  amount: moneyString(i.amount),
  service_id: i.serviceId,
});

export const invoiceRowSchema = z.object({
  id: z.string(),
  invoice_number: z.string(),
  status: z.enum(["unpaid", "paid", "cancelled", "refunded"]),
  total: money,
  currency: z.string(),
  issued_at: z.string(),
  due_date: z.string(),
  paid_at: z.string().nullable(),
});
export function invoiceRowJson(i: InvoiceRow) {
  return {
    id: i.id,
    invoice_number: i.number,
    status: i.status,
    total: moneyString(i.total),
    currency: i.currency,
    issued_at: i.issuedAt.toISOString(),
    due_date: i.dueDate.toISOString(),
    paid_at: iso(i.paidAt),
  };
}

const figuresSchema = {
  subtotal: money,
  vat_rate: z.string(),
  vat_amount: money,
  paid_amount: money,
  remaining_amount: money,
  settled: z.boolean(),
  order_id: z.string().nullable(),
  items: z.array(itemSchema),
  payments: z.array(paymentSchema),
};
type Figures = {
  subtotal: Prisma.Decimal;
  vatRate: Prisma.Decimal;
  vatAmount: Prisma.Decimal;
  paidAmount: Prisma.Decimal;
  remainingAmount: Prisma.Decimal;
  settled: boolean;
  orderId: string | null;
  items: ItemRow[];
  payments: Array<{ id: string; method: "credit" | "card" | "bank_transfer"; amount: Prisma.Decimal; currency: string; status: string; createdAt: Date }>;
};
const figuresJson = (d: Figures) => ({
  subtotal: moneyString(d.subtotal),
  vat_rate: d.vatRate.toFixed(2),
  vat_amount: moneyString(d.vatAmount),
  paid_amount: moneyString(d.paidAmount),
  remaining_amount: moneyString(d.remainingAmount),
  settled: d.settled,
  order_id: d.orderId,
  items: d.items.map(itemJson),
  payments: d.payments.map(paymentJson),
});

export const invoiceDetailSchema = invoiceRowSchema.extend({
  ...figuresSchema,
  proforma: z.object({ id: z.string(), proforma_number: z.string() }).nullable(),
});
export function invoiceDetailJson(i: InvoiceDetail) {
  const from = i.proformas[0];
  return { ...invoiceRowJson(i), ...figuresJson(i), proforma: from ? { id: from.id, proforma_number: from.number } : null };
}

export const proformaRowSchema = z.object({
  id: z.string(),
  proforma_number: z.string(),
  status: z.enum(["unpaid", "paid", "converted", "cancelled"]),
  total: money,
  currency: z.string(),
  issued_at: z.string(),
  due_date: z.string(),
  invoice: z.object({ id: z.string(), invoice_number: z.string() }).nullable(),
});
export function proformaRowJson(p: ProformaRow) {
  return {
    id: p.id,
    proforma_number: p.number,
    status: p.status,
    total: moneyString(p.total),
    currency: p.currency,
    issued_at: p.issuedAt.toISOString(),
    due_date: p.dueDate.toISOString(),
    invoice: p.invoice ? { id: p.invoice.id, invoice_number: p.invoice.number } : null,
  };
}

export const proformaDetailSchema = proformaRowSchema.extend({
  ...figuresSchema,
  invoice: z.object({ id: z.string(), invoice_number: z.string(), status: z.string() }).nullable(),
});
export function proformaDetailJson(p: ProformaDetail) {
  return {
    ...proformaRowJson({ ...p, invoice: null }),
    ...figuresJson(p),
    invoice: p.invoice ? { id: p.invoice.id, invoice_number: p.invoice.number, status: p.invoice.status } : null,
  };
}

export const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() });

export const autoCreditAppliedSchema = z.object({
  creditApplied: money,
  newBalance: money,
  remainingAmount: money,
  proformaPaid: z.boolean(),
  invoice: z.object({ invoice_number: z.string(), status: z.string() }).nullable(),
});

/** `autoCreditApplied` of an order response (the customer API spec "Bodies", Auto-credit), from applyAutoCredit's `applied`. */
export function autoCreditAppliedJson(a: AutoCreditApplied): z.infer<typeof autoCreditAppliedSchema> {
  return {
    creditApplied: moneyString(a.creditApplied),
    newBalance: moneyString(a.newBalance),
    remainingAmount: moneyString(a.remainingAmount),
    proformaPaid: a.proformaPaid,
    invoice: a.invoice ? { invoice_number: a.invoice.number, status: a.invoice.status } : null,
  };
}

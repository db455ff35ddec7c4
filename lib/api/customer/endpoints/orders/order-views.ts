import { z } from "zod";
import { apiBillingCycle } from "@/lib/pricing";
import { currentDocument, serviceIp, type OrderRecord } from "@/lib/orders";
import { moneyString } from "@/lib/format/money-string";

// The customer API's order shapes (the customer API spec "Order"): snake_case, money as decimal strings.

const itemSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  billing_cycle: z.string(),
  quantity: z.number(),
  unit_price: z.string(),
  setup_fee: z.string(),
  hostname: z.string().nullable(),
  location: z.string().nullable(),
  options: z.array(z.object({ option_id: z.string(), name: z.string(), quantity: z.number(), unit_price: z.string(), setup_fee: z.string() })),
});

export const documentRefSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  total: z.string(),
  currency: z.string(),
  due_date: z.string(),
});

export const customerOrderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  order_type: z.string(),
  status: z.string(),
  payment_status: z.string(),
  currency: z.string(),
  amount: z.string(),
  vat: z.string(),
  total: z.string(),
  price_basis: z.enum(["retail", "wholesale"]),
  idempotency_key: z.string().nullable(),
  project: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  items: z.array(itemSchema),
  services: z.array(z.object({ id: z.string(), status: z.string(), hostname: z.string().nullable(), primary_ip: z.string().nullable() })),
  invoice_id: z.string().nullable(),
  proforma_id: z.string().nullable(),
});

function documentRef(doc: { id: string; number: string; status: string; total: { toFixed(n: number): string } & Parameters<typeof moneyString>[0]; currency: string; dueDate: Date } | null) {
  if (!doc) return null;
  return { id: doc.id, number: doc.number, status: doc.status, total: moneyString(doc.total), currency: doc.currency, due_date: doc.dueDate.toISOString() };
}

export function customerOrder(order: OrderRecord) {
  const { invoice, proforma } = currentDocument(order);
  return {
    id: order.id,
    order_number: order.orderNumber,
    order_type: order.orderType,
    status: order.status,
    payment_status: order.paymentStatus,
    currency: order.currency,
    amount: moneyString(order.amount),
    vat: moneyString(order.vat),
    total: moneyString(order.total),
    price_basis: order.paymentMode === "storefront" ? ("wholesale" as const) : ("retail" as const),
    idempotency_key: order.idempotencyKey,
    project: order.project,
    created_at: order.createdAt.toISOString(),
    items: order.items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      product_name: item.product.name,
      billing_cycle: apiBillingCycle(item.billingCycle),
      quantity: item.quantity,
      unit_price: moneyString(item.unitPrice),
      setup_fee: moneyString(item.setupFee),
      hostname: item.hostname,
      location: typeof (item.configuration as Record<string, unknown>)?.location === "string" ? ((item.configuration as Record<string, string>).location ?? null) : null,
      options: item.options.map((o) => ({ option_id: o.optionId, name: o.option.name, quantity: o.quantity, unit_price: moneyString(o.unitPrice), setup_fee: moneyString(o.setupFee) })),
    })),
    services: order.services.map((s) => ({ id: s.id, status: s.status, hostname: s.hostname, primary_ip: serviceIp(s) })),
    invoice_id: invoice?.id ?? null,
    proforma_id: proforma?.id ?? null,
  };
}

export const documentSchema = z.object({ type: z.enum(["invoice", "proforma"]), id: z.string(), status: z.string(), total: z.string(), settled: z.boolean() }).nullable();

/** `invoice`/`proforma` (exactly one, or both null: docs/decisions.md#d27), `document`, `settled` of an order as it is now. */
export function orderDocuments(order: OrderRecord) {
  const { invoice, proforma } = currentDocument(order);
  const doc = invoice
    ? { type: "invoice" as const, id: invoice.id, status: invoice.status, total: moneyString(invoice.total), settled: invoice.status === "paid" }
    : proforma
      ? { type: "proforma" as const, id: proforma.id, status: proforma.status, total: moneyString(proforma.total), settled: proforma.status === "paid" || proforma.status === "converted" }
      : null;
  return {
    invoice: invoice ? documentRef(invoice) : null,
    proforma: !invoice && proforma ? documentRef(proforma) : null,
    document: doc,
    settled: order.paymentStatus === "paid",
  };
}

/** Prose for people; clients branch on `settled`, never on this. */
export function nextStep(order: OrderRecord): string {
  const { invoice, proforma } = currentDocument(order);
  if (order.paymentStatus === "paid") return "Paid. Your services are being set up; follow them with GET /services.";
  if (invoice) return `Pay invoice ${invoice.number} (POST /invoices/${invoice.id}/pay) to start provisioning.`;
  if (proforma) return `Pay proforma ${proforma.number} (POST /proformas/${proforma.id}/pay) to start provisioning.`;
  return `The order is ${order.status}.`;
}

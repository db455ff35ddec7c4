import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { ServiceUpgrade } from "@/lib/generated/prisma/client";
import { getCreditBalance } from "@/lib/accounts/get-credit-balance";
import type { DocumentLineInput } from "@/lib/billing/create-invoice";
import { loadOrderRecord } from "@/lib/orders/order-record";
import type { HeldOption } from "@/lib/services/changes/option-changes";
import type { UpgradePreview } from "@/lib/services/changes/package-change";
import { moneyString } from "@/lib/format/money-string";
import { reply } from "../../../reply";
import { creditActorOf, type CustomerAuth } from "../../customer-auth";
import { customerOrder, customerOrderSchema, documentRefSchema, documentSchema, nextStep, orderDocuments } from "../orders/order-views";

export const serviceOptionSchema = z.object({
  id: z.string(),
  option_id: z.string(),
  name: z.string(),
  status: z.enum(["pending_payment", "active", "cancelled"]),
  quantity: z.number().int(),
  amount: z.string().nullable(),
  setup_fee: z.string(),
  next_due_date: z.string().nullable(),
  termination_date: z.string().nullable(),
  created_at: z.string(),
});

export const serviceOptionJson = (h: HeldOption): z.input<typeof serviceOptionSchema> => ({
  id: h.id,
  option_id: h.optionId,
  name: h.option.name,
  status: h.status,
  quantity: h.quantity,
  amount: h.amount ? moneyString(h.amount) : null,
  setup_fee: moneyString(h.setupFee),
  next_due_date: h.nextDueDate?.toISOString() ?? null,
  termination_date: h.terminationDate?.toISOString() ?? null,
  created_at: h.createdAt.toISOString(),
});

export const previewSchema = z.object({
  toProductId: z.string(),
  toProductName: z.string(),
  toSpecs: z.unknown(),
  newCyclePrice: z.string(),
  upgradeFee: z.string(),
  creditAmount: z.string(),
  chargeAmount: z.string(),
  netAmount: z.string(),
  vatRate: z.string(),
  vatAmount: z.string(),
  totalWithVat: z.string(),
  daysRemaining: z.number().int(),
  daysInCycle: z.number().int(),
  billingCycle: z.string(),
});

export const previewJson = (p: UpgradePreview): z.input<typeof previewSchema> => ({
  toProductId: p.toProductId,
  toProductName: p.toProductName,
  toSpecs: p.toSpecs,
  newCyclePrice: moneyString(p.newCyclePrice),
  upgradeFee: moneyString(p.upgradeFee),
  creditAmount: moneyString(p.creditAmount),
  chargeAmount: moneyString(p.chargeAmount),
  netAmount: moneyString(p.netAmount),
  vatRate: p.vatRate.toFixed(2),
  vatAmount: moneyString(p.vatAmount),
  totalWithVat: moneyString(p.totalWithVat),
  daysRemaining: p.daysRemaining,
  daysInCycle: p.daysInCycle,
  billingCycle: p.billingCycle,
});

export const upgradeSchema = z.object({
  id: z.string(),
  service_id: z.string(),
  kind: z.enum(["package", "options"]),
  status: z.enum(["pending", "awaiting_payment", "executing", "completed", "awaiting_admin", "cancelled"]),
  from_product_id: z.string().nullable(),
  to_product_id: z.string().nullable(),
  add_options: z.array(z.object({ option_id: z.string(), quantity: z.number().int() })),
  remove_options: z.array(z.string()),
  credit_amount: z.string(),
  charge_amount: z.string(),
  net_amount: z.string(),
  vat_amount: z.string(),
  total: z.string(),
  currency: z.string(),
  days_remaining: z.number().int(),
  days_in_cycle: z.number().int(),
  order_id: z.string().nullable(),
  executed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});

export const upgradeJson = (u: ServiceUpgrade): z.input<typeof upgradeSchema> => ({
  id: u.id,
  service_id: u.serviceId,
  kind: u.kind,
  status: u.status,
  from_product_id: u.fromProductId,
  to_product_id: u.toProductId,
  add_options: (u.addOptions as { optionId: string; quantity: number }[]).map((a) => ({ option_id: a.optionId, quantity: a.quantity })),
  remove_options: u.removeOptionIds,
  credit_amount: moneyString(u.creditAmount),
  charge_amount: moneyString(u.chargeAmount),
  net_amount: moneyString(u.netAmount),
  vat_amount: moneyString(u.vatAmount),
  total: moneyString(u.total),
  currency: u.currency,
  days_remaining: u.daysRemaining,
  days_in_cycle: u.daysInCycle,
  order_id: u.orderId,
  executed_at: u.executedAt?.toISOString() ?? null,
  cancelled_at: u.cancelledAt?.toISOString() ?? null,
  created_at: u.createdAt.toISOString(),
});

export const lineItemSchema = z.object({ description: z.string(), quantity: z.number().int(), unit_amount: z.string(), amount: z.string() });
const lineItemJson = (l: DocumentLineInput) => ({ description: l.description, quantity: l.quantity, unit_amount: moneyString(l.unitAmount), amount: moneyString(l.amount) });

/** What a change with a charge answers besides its own record: the order's document, `settled`, `next_step`, the caller's credit. */
export const settlementSchema = {
  invoice: documentRefSchema.nullable(),
  proforma: documentRefSchema.nullable(),
  document: documentSchema,
  settled: z.boolean(),
  next_step: z.string(),
  credit_balance: z.string(),
};

export async function settlementJson({ db, now }: { db: Db; now: Date }, auth: CustomerAuth, orderId: string | null, applied: string) {
  const credit = await getCreditBalance({ db, now, actor: creditActorOf(auth) });
  if (!orderId) return { invoice: null, proforma: null, document: null, settled: true, next_step: applied, credit_balance: moneyString(credit.balance) };
  const order = await loadOrderRecord(db, orderId);
  return { ...orderDocuments(order), next_step: nextStep(order).replace("Your services are being set up; follow them with GET /services.", applied).replace("to start provisioning", "to apply the change"), credit_balance: moneyString(credit.balance) };
}

export const upgradeCreatedSchema = z.object({
  upgrade: z.object({ id: z.string(), status: upgradeSchema.shape.status }),
  billingDocument: documentRefSchema.nullable(),
  billingDocumentType: z.enum(["invoice", "proforma"]).nullable(),
  lineItems: z.array(lineItemSchema),
  orderId: z.string().nullable(),
});

/**
 * A change's create answer: `data` is its own record; `document`, `settled`, `next_step` and
 * `credit_balance` go beside `data` in the envelope (the customer spec's "plus top-level …").
 */
export async function upgradeCreatedReply({ db, now }: { db: Db; now: Date }, auth: CustomerAuth, upgrade: ServiceUpgrade, lines: DocumentLineInput[], message: string) {
  const applying = `${upgrade.orderId ? "Paid" : "Nothing to pay"}. The change is being applied; follow it with GET /upgrades/{id}.`;
  const settlement = await settlementJson({ db, now }, auth, upgrade.orderId, upgrade.status === "completed" ? "Applied." : applying);
  const data: z.input<typeof upgradeCreatedSchema> = {
    upgrade: { id: upgrade.id, status: upgrade.status },
    billingDocument: settlement.invoice ?? settlement.proforma,
    billingDocumentType: settlement.invoice ? "invoice" : settlement.proforma ? "proforma" : null,
    lineItems: lines.map(lineItemJson),
    orderId: upgrade.orderId,
  };
  const { document, settled, next_step, credit_balance } = settlement;
  return reply(data, { message, meta: { document, settled, next_step, credit_balance } });
}

export const upgradeReadSchema = z.object({ upgrade: upgradeSchema, order: customerOrderSchema.nullable() });

export async function upgradeReadJson(db: Db, upgrade: ServiceUpgrade): Promise<z.input<typeof upgradeReadSchema>> {
  return { upgrade: upgradeJson(upgrade), order: upgrade.orderId ? customerOrder(await loadOrderRecord(db, upgrade.orderId)) : null };
}

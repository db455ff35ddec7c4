import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { OrderPaymentMode, Prisma, ResellerPaymentMode, ResellerProfileStatus } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/schemas/uuid";
import { getBaseCurrency, resolveBuyer, type PricingBuyer, type ResolvedBuyer } from "@/lib/pricing";
import type { OrderBuyer } from "./order-input";

/**
 * How an order is collected:
 * - `credit`, `invoice`, `saved_method`: the reseller programme's mode (reseller API orders);
 * - `document`: customer checkout (also an active reseller's storefront order): an unpaid invoice
 *   or proforma, paid from credit or by auto-credit afterwards;
 * - `hourly_credit`: customer checkout of hourly products, charged from credit without a document.
 */
export type CollectionMode = ResellerPaymentMode | "document" | "hourly_credit";

export interface OrderContext {
  pricingBuyer: PricingBuyer;
  /** The buyer as pricing resolved it, handed to quoteOrder so it is read once per order. */
  resolvedBuyer: ResolvedBuyer;
  /** The account that owns the order, its services and documents. */
  accountId: string;
  accountCurrency: string;
  /** Set for reseller API orders and storefront orders (they appear in the reseller's GET /orders). */
  resellerId: string | null;
  channel: "reseller" | "storefront" | "customer";
  /** Order.paymentMode. */
  paymentMode: OrderPaymentMode | null;
  /** The programme mode for reseller orders; `document` for customer checkout (hourly decided later). */
  mode: CollectionMode;
  baseCurrency: string;
  issueProformas: boolean;
  invoiceDueDays: number;
  hourlyMinimumCredit: string;
  /** ResellerProgramme.minimumOrderAmount (base currency), read with the mode. */
  minimumOrderAmount: Prisma.Decimal | null;
  /** Reseller API orders: whether and how the reseller's events are delivered (null: read when recording). */
  eventTarget: { webhookUrl: string | null; status: ResellerProfileStatus } | null;
  /** Customer orders: the project services go into. */
  projectId: string | null;
  /** Reseller key bound to a customer record. */
  boundCustomer: { id: string; externalCustomerId: string } | null;
}

/** The project a customer's new services go into: `projectRef` (id or slug from the body), else the request's project, else the default one. */
export async function resolveProject(db: DbOrTx, accountId: string, buyer: Extract<OrderBuyer, { kind: "customer" }> & { projectRef?: string | null }): Promise<string | null> {
  const ref = buyer.projectRef?.trim();
  if (ref) {
    const project = await db.project.findFirst({
      where: { accountId, OR: isUuid(ref) ? [{ id: ref.toLowerCase() }, { slug: ref }] : [{ slug: ref }] },
      select: { id: true },
    });
    if (!project) throw new DomainError("invalid", `Unknown project: ${ref}`, { code: "UNKNOWN_PROJECT", details: [{ field: "projectId", message: "No project of this account has that id or slug" }] });
    if (buyer.projectBound && buyer.scopedProjectId && project.id !== buyer.scopedProjectId) {
      throw new DomainError("forbidden", "This API key is bound to another project", { code: "PROJECT_SCOPE_MISMATCH" });
    }
    return project.id;
  }
  if (buyer.scopedProjectId) return buyer.scopedProjectId;
  const fallback = await db.project.findFirst({ where: { accountId, isDefault: true }, select: { id: true } });
  return fallback?.id ?? null;
}

/** Who is buying, how the order is collected, and the settings that shape it; read before the transaction. `projectRef`: see resolveProject. */
export async function resolveOrderContext(db: DbOrTx, buyer: OrderBuyer, projectRef: string | null = null): Promise<OrderContext> {
  const pricingBuyer: PricingBuyer = buyer.kind === "reseller" ? { kind: "reseller", resellerId: buyer.resellerId } : { kind: "customer", accountId: buyer.accountId };
  const [resolved, settings, programme, baseCurrency, eventTarget] = await Promise.all([
    resolveBuyer(db, pricingBuyer),
    db.platformSettings.findUnique({ where: { id: 1 }, select: { issueProformas: true, invoiceDueDays: true, hourlyMinimumCredit: true } }),
    db.resellerProgramme.findUnique({ where: { id: 1 }, select: { paymentMode: true, minimumOrderAmount: true } }),
    getBaseCurrency(db),
    // Read here, in parallel, so recording the order event does not read it under the tail's locks.
    buyer.kind === "reseller" ? db.resellerProfile.findUnique({ where: { id: buyer.resellerId }, select: { webhookUrl: true, status: true } }) : null,
  ]);
  const common = {
    pricingBuyer,
    resolvedBuyer: resolved,
    accountId: resolved.accountId,
    accountCurrency: resolved.currency,
    baseCurrency,
    issueProformas: settings?.issueProformas ?? false,
    invoiceDueDays: settings?.invoiceDueDays ?? 7,
    hourlyMinimumCredit: (settings?.hourlyMinimumCredit ?? 10).toString(),
    minimumOrderAmount: programme?.minimumOrderAmount ?? null,
    eventTarget,
  };
  if (buyer.kind === "reseller") {
    let boundCustomer: OrderContext["boundCustomer"] = null;
    if (buyer.boundCustomerId) {
      boundCustomer = await db.resellerCustomer.findFirst({ where: { id: buyer.boundCustomerId, resellerId: buyer.resellerId }, select: { id: true, externalCustomerId: true } });
      if (!boundCustomer) throw new DomainError("not_found", "Customer not found");
    }
    const mode = programme?.paymentMode ?? "credit";
    return { ...common, resellerId: buyer.resellerId, channel: "reseller", paymentMode: mode, mode, projectId: null, boundCustomer };
  }
  const projectId = await resolveProject(db, resolved.accountId, { ...buyer, projectRef });
  const storefront = resolved.channel === "storefront";
  return {
    ...common,
    resellerId: storefront ? resolved.reseller!.id : null,
    channel: storefront ? "storefront" : "customer",
    paymentMode: storefront ? "storefront" : null,
    mode: "document",
    projectId,
    boundCustomer: null,
  };
}

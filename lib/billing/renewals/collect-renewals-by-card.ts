import type { BackendContext } from "@/lib/backends/context";
import type { GatewayResolver } from "@/lib/payments/payment-gateway";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { payDocumentByCard, type CardDocument } from "../pay-document-by-card";

export interface CardRenewalsOutcome {
  paid: number;
  failed: number;
  /** No saved card, in flight, attempts used up, or settled meanwhile. */
  skipped: number;
}

/**
 * The nightly run's step for a reseller programme in `saved_method` mode: every open renewal
 * document (a service's or an own-cycle add-on's, a month of image storage) of an active reseller is charged to the
 * reseller's default card, as its orders are (pay-document-by-card.ts). A refused card leaves the
 * document open and the grace period runs on; the next nights try again, CARD_ATTEMPTS_PER_DOCUMENT
 * times in all. Other programme modes and customers' documents are left alone.
 */
export async function collectRenewalsByCard(ctx: BackendContext, options: { gateways?: GatewayResolver; limit?: number } = {}): Promise<CardRenewalsOutcome> {
  const outcome: CardRenewalsOutcome = { paid: 0, failed: 0, skipped: 0 };
  const programme = await ctx.db.resellerProgramme.findUnique({ where: { id: 1 }, select: { paymentMode: true } });
  if (programme?.paymentMode !== "saved_method") return outcome;
  const reseller = { service: { account: { resellerProfile: { status: "active" as const } } } };
  const take = options.limit ?? 500;
  const [services, addons, storage] = await Promise.all([
    ctx.db.serviceRenewal.findMany({ where: { status: "open", ...reseller }, select: { invoiceId: true, proformaId: true, service: { select: { accountId: true } } }, orderBy: { createdAt: "asc" }, take }),
    ctx.db.serviceOptionRenewal.findMany({
      where: { status: "open", serviceOption: reseller },
      select: { invoiceId: true, proformaId: true, serviceOption: { select: { service: { select: { accountId: true } } } } },
      orderBy: { createdAt: "asc" },
      take,
    }),
    // Image storage months have no status of their own: their document's decides (payDocumentByCard skips a settled one).
    ctx.db.imageStorageCharge.findMany({
      where: { account: { resellerProfile: { status: "active" } }, createdAt: { gte: new Date(ctx.clock.now().getTime() - 35 * 86_400_000) } },
      select: { invoiceId: true, proformaId: true, accountId: true },
      orderBy: { createdAt: "asc" },
      take,
    }),
  ]);
  const documents: CardDocument[] = [
    ...services.map((r) => ({ ...r, accountId: r.service.accountId })),
    ...addons.map((r) => ({ ...r, accountId: r.serviceOption.service.accountId })),
    ...storage,
  ].flatMap((r): CardDocument[] => (r.invoiceId ? [{ type: "invoice" as const, id: r.invoiceId, accountId: r.accountId }] : r.proformaId ? [{ type: "proforma" as const, id: r.proformaId, accountId: r.accountId }] : []));

  for (const doc of documents) {
    try {
      const result = await payDocumentByCard(ctx.db, doc, { now: ctx.clock.now(), gateways: options.gateways });
      if (result.status === "paid") {
        outcome.paid++;
        await requestProvisioning(result.releasedServiceIds);
      } else if (result.status === "failed") outcome.failed++;
      else outcome.skipped++;
    } catch (error) {
      outcome.failed++;
      console.warn(`[billing] card payment of ${doc.type} ${doc.id} failed; the next run tries again`, error);
    }
  }
  return outcome;
}

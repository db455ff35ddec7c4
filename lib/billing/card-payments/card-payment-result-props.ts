import { formatMoney } from "@/lib/format/format-money";
import type { CardPaymentView } from "./confirm-card-payment";

/** What the return page shows of a payment, with links into the portal whose billing lives at `base`. */
export function cardPaymentResultProps(p: CardPaymentView, base: string) {
  const doc = p.invoiceId ? `${base}/invoices/${p.invoiceId}` : p.proformaId ? `${base}/proformas/${p.proformaId}` : null;
  const what = p.purpose === "top_up" ? ("top-up" as const) : p.purpose === "document" ? ("document" as const) : ("order" as const);
  const creditHref = base === "/billing" ? "/billing/credit" : base;
  return {
    status: p.status,
    amount: formatMoney(p.amount, p.currency),
    what,
    reason: p.reason,
    actionUrl: p.actionUrl,
    doneHref: doc ?? creditHref,
    doneLabel: doc ? (p.invoiceId ? "View the invoice" : "View the proforma") : "View your credit",
    retryHref: doc ?? creditHref,
  };
}

import { z } from "zod";
import { renewServiceNow } from "@/lib/billing/renewals/renew-service-now";
import { moneyString } from "@/lib/format/money-string";
import { reply } from "../../../reply";
import { creditActorOf } from "../../customer-auth";
import { defineEndpoint } from "../../define-endpoint";
import { autoCreditAppliedJson, autoCreditAppliedSchema } from "../billing/billing-json";
import { documentSchema } from "../orders/order-views";
import { customerServiceScope } from "./customer-service-scope";

const documentRef = z.object({ id: z.string(), number: z.string(), status: z.string(), total: z.string(), currency: z.string(), due_date: z.string() }).nullable();

export const renewServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/renew",
  scope: "billing",
  access: "services:renew",
  cooldown: "renewal",
  tag: "services",
  status: 201,
  summary: "Renew the service for its next period now",
  description:
    "Raises the invoice (or proforma) for the service's next billing period, `next_due_date` to one cycle later, without waiting for " +
    "the nightly renewal a week before the due date; auto-credit pays it when enabled for the account (branch on `settled`). Paying it " +
    "moves `billing.next_due_date` on by one cycle. Active, non-hourly services only: another status 403; an hourly service, or one " +
    "with a scheduled cancellation, 400. Refused 409 `RENEWAL_PENDING` while any invoice or proforma for this service is awaiting " +
    "payment (pay that first). 1 per 10 minutes per service.",
  response: z.object({
    service_id: z.string(),
    period: z.object({ start: z.string(), end: z.string() }),
    invoice: documentRef,
    proforma: documentRef,
    document: documentSchema,
    settled: z.boolean(),
    autoCreditApplied: autoCreditAppliedSchema.nullable(),
  }),
  async handler({ auth, db, now, params }) {
    const r = await renewServiceNow({ db, now, actor: { ...creditActorOf(auth), ...customerServiceScope(auth) } }, { serviceId: params.id });
    const doc =
      r.document.type === "invoice"
        ? await db.invoice.findUniqueOrThrow({ where: { id: r.document.id } })
        : await db.proforma.findUniqueOrThrow({ where: { id: r.document.id } });
    const ref = { id: doc.id, number: doc.number, status: doc.status, total: moneyString(doc.total), currency: doc.currency, due_date: doc.dueDate.toISOString() };
    return reply(
      {
        service_id: r.serviceId,
        period: { start: r.periodStart.toISOString(), end: r.periodEnd.toISOString() },
        invoice: r.document.type === "invoice" ? ref : null,
        proforma: r.document.type === "proforma" ? ref : null,
        document: { type: r.document.type, id: doc.id, status: doc.status, total: moneyString(doc.total), settled: r.settled },
        settled: r.settled,
        autoCreditApplied: r.autoCredit ? autoCreditAppliedJson(r.autoCredit.applied) : null,
      },
      { message: r.settled ? "Renewed and paid from credit" : `Renewal raised: pay ${r.document.type} ${r.document.number}` },
    );
  },
});

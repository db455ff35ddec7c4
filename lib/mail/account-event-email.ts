import type { Tx } from "@/lib/db/client";
import { CREDIT_EXHAUSTED_REASON, OVERDUE_REASON } from "@/lib/billing/renewals/renewal-settings";
import { findServiceMachine, primaryAddressOf } from "@/lib/services/find-service-machine";
import type { AccountEventPayloads, AccountEventType } from "./account-events";
import type { EmailTemplateData, EmailTemplateName } from "./email-templates";

export type EventEmail = { [N in EmailTemplateName]: { template: N; dedupeKey: string; data: EmailTemplateData[N] } }[EmailTemplateName];

interface Input<T extends AccountEventType> {
  type: T;
  payload: AccountEventPayloads[T];
  recipientName: string;
  origin: string;
  /** The event row's id: for facts that can happen more than once (a second suspension). */
  eventId: string;
}

/**
 * The message an account event becomes, written from the rows as they are now, or null when there
 * is nothing to say (the row is gone). The dedupe key names the fact, not the event row, so the
 * same fact reported twice (an invoice raised paid, then its payment settled) is one message.
 */
export async function accountEventEmail(tx: Tx, input: Input<AccountEventType>): Promise<EventEmail | null> {
  const name = input.recipientName;
  const url = (path: string) => `${input.origin}${path}`;
  switch (input.type) {
    case "order.received": {
      const { orderId } = input.payload as AccountEventPayloads["order.received"];
      const order = await tx.order.findUnique({
        where: { id: orderId },
        select: { orderNumber: true, total: true, currency: true, items: { select: { quantity: true, hostname: true, product: { select: { name: true } } } } },
      });
      if (!order) return null;
      const items = order.items.map((i) => `${i.quantity > 1 ? `${i.quantity} × ` : ""}${i.product.name}${i.hostname ? ` (${i.hostname})` : ""}`);
      return {
        template: "order-received",
        dedupeKey: `order-received:${orderId}`,
        data: { name, orderNumber: order.orderNumber, items, total: { amount: order.total.toString(), currency: order.currency }, url: url("/services") },
      };
    }
    case "service.ready": {
      const { serviceId } = input.payload as AccountEventPayloads["service.ready"];
      const service = await tx.service.findUnique({ where: { id: serviceId }, select: { name: true, hostname: true, product: { select: { name: true, kind: true } } } });
      if (!service) return null;
      return {
        template: "service-ready",
        dedupeKey: `service-ready:${serviceId}`,
        data: { name, serviceName: service.hostname ?? service.name, product: service.product.name, access: await accessDetails(tx, serviceId, service.product.kind), url: url(`/services/${serviceId}`) },
      };
    }
    case "invoice.raised": {
      const { documentType, documentId } = input.payload as AccountEventPayloads["invoice.raised"];
      const select = { number: true, total: true, currency: true, dueDate: true, status: true } as const;
      const doc = documentType === "invoice" ? await tx.invoice.findUnique({ where: { id: documentId }, select }) : await tx.proforma.findUnique({ where: { id: documentId }, select });
      if (!doc || doc.status !== "unpaid") return null;
      return {
        template: "invoice-raised",
        dedupeKey: `invoice-raised:${documentId}`,
        data: { name, number: doc.number, total: { amount: doc.total.toString(), currency: doc.currency }, dueAt: doc.dueDate.toISOString(), url: url(`/billing/${documentType}s/${documentId}`) },
      };
    }
    case "payment.received": {
      const { invoiceId } = input.payload as AccountEventPayloads["payment.received"];
      const invoice = await tx.invoice.findUnique({ where: { id: invoiceId }, select: { number: true, total: true, currency: true, status: true } });
      if (!invoice || invoice.status !== "paid" || invoice.total.isZero()) return null;
      return {
        template: "payment-received",
        dedupeKey: `payment-received:${invoiceId}`,
        data: { name, number: invoice.number, amount: { amount: invoice.total.toString(), currency: invoice.currency }, url: url(`/billing/invoices/${invoiceId}`) },
      };
    }
    case "invoice.overdue": {
      const { invoiceId } = input.payload as AccountEventPayloads["invoice.overdue"];
      const invoice = await tx.invoice.findUnique({ where: { id: invoiceId }, select: { number: true, total: true, currency: true, dueDate: true, status: true } });
      if (!invoice || invoice.status !== "unpaid") return null;
      const { suspensionGraceDays } = (await tx.platformSettings.findUnique({ where: { id: 1 }, select: { suspensionGraceDays: true } })) ?? { suspensionGraceDays: 3 };
      return {
        template: "invoice-overdue",
        dedupeKey: `invoice-overdue:${invoiceId}`,
        data: {
          name,
          number: invoice.number,
          total: { amount: invoice.total.toString(), currency: invoice.currency },
          dueAt: invoice.dueDate.toISOString(),
          suspendsAt: new Date(invoice.dueDate.getTime() + suspensionGraceDays * 86_400_000).toISOString(),
          url: url(`/billing/invoices/${invoiceId}`),
        },
      };
    }
    case "service.suspended":
    case "service.unsuspended":
    case "cancellation.scheduled":
    case "service.terminated":
    case "renewal.failed":
      return serviceEventEmail(tx, input, name, url);
  }
}

async function serviceEventEmail(tx: Tx, input: Input<AccountEventType>, name: string, url: (path: string) => string): Promise<EventEmail | null> {
  const payload = input.payload as { serviceId: string; reason?: string };
  const service = await tx.service.findUnique({ where: { id: payload.serviceId }, select: { id: true, name: true, hostname: true, cancellationScheduledDate: true, nextDueDate: true } });
  if (!service) return null;
  const serviceName = service.hostname ?? service.name;
  const page = url(`/services/${service.id}`);
  // These facts can happen again (suspended, lifted, suspended again): one message per event row.
  const key = (what: string) => `${what}:${service.id}:${input.eventId}`;
  switch (input.type) {
    case "service.suspended":
      return { template: "service-suspended", dedupeKey: key("service-suspended"), data: { name, serviceName, reason: suspensionReason(payload.reason), url: page } };
    case "service.unsuspended":
      return { template: "service-unsuspended", dedupeKey: key("service-unsuspended"), data: { name, serviceName, url: page } };
    case "cancellation.scheduled": {
      const endsAt = service.cancellationScheduledDate ?? service.nextDueDate;
      if (!endsAt) return null;
      return { template: "cancellation-scheduled", dedupeKey: key("cancellation-scheduled"), data: { name, serviceName, endsAt: endsAt.toISOString(), url: page } };
    }
    case "service.terminated":
      return { template: "service-terminated", dedupeKey: `service-terminated:${service.id}`, data: { name, serviceName } };
    case "renewal.failed":
      return { template: "renewal-failed", dedupeKey: key("renewal-failed"), data: { name, serviceName, reason: payload.reason ?? "", url: url("/billing") } };
    default:
      return null;
  }
}

/**
 * The suspension's reason as the sentence's end: the billing runs' codes (renewal-settings.ts)
 * spelt out; an operator's or reseller's own words as they were typed.
 */
function suspensionReason(reason: string | undefined): string {
  if (reason === OVERDUE_REASON) return "its renewal invoice was not paid in time.";
  if (reason === CREDIT_EXHAUSTED_REASON) return "your credit balance no longer covers its hourly charges.";
  const text = reason?.trim();
  if (!text) return "contact support to find out why.";
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** What the customer needs to reach a new machine: its address and how to sign in (no password is ever stored to send). */
async function accessDetails(tx: Tx, serviceId: string, kind: string): Promise<[string, string][]> {
  const details: [string, string][] = [];
  if (kind === "vps" || kind === "dedicated") {
    const address = await primaryAddressOf(tx, await findServiceMachine(tx, serviceId));
    if (address) details.push(["IP address", address]);
    details.push(["User", "root"]);
    const keys = await tx.serviceSshKey.findMany({ where: { serviceId }, select: { name: true }, orderBy: { name: "asc" } });
    details.push(["Sign in with", keys.length ? `SSH key ${keys.map((k) => k.name).join(", ")}` : "a root password you set in the panel (Settings → Root password)"]);
  }
  if (kind === "game") {
    // The host is the node's (its driver knows it); the panel's Overview shows the full address.
    const server = await tx.gameServer.findFirst({ where: { serviceId, deletedAt: null }, select: { port: true, sftpUsername: true } });
    if (server) details.push(["Game port", String(server.port)], ["SFTP user", server.sftpUsername]);
  }
  return details;
}

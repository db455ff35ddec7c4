import type { DbOrTx } from "@/lib/db/client";

/**
 * Events about a customer account that its people are told of by email (docs/email.md). Raised in
 * the transaction of the change with `recordAccountEvent`; `notifyAccountEvents` turns them into
 * messages. Payloads carry ids only: the message is written from the rows when it is queued.
 */
export interface AccountEventPayloads {
  "order.received": { orderId: string };
  "service.ready": { serviceId: string };
  "invoice.raised": { documentType: "invoice" | "proforma"; documentId: string };
  "payment.received": { invoiceId: string };
  "invoice.overdue": { invoiceId: string };
  "service.suspended": { serviceId: string; reason: string };
  "service.unsuspended": { serviceId: string };
  "cancellation.scheduled": { serviceId: string };
  "service.terminated": { serviceId: string };
  "renewal.failed": { serviceId: string; reason: string };
}

export type AccountEventType = keyof AccountEventPayloads;

/**
 * Raises an account event in the caller's transaction (an OutboxEvent row with the account and no
 * reseller, so the webhook relay never takes it). Nothing here talks to the network.
 */
export async function recordAccountEvent<T extends AccountEventType>(
  tx: DbOrTx,
  input: { accountId: string; type: T; payload: AccountEventPayloads[T]; now: Date },
): Promise<void> {
  await tx.outboxEvent.create({
    data: { type: `account.${input.type}`, accountId: input.accountId, payload: input.payload, createdAt: input.now, dispatchedAt: input.now },
  });
}

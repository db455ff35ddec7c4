import { orderEventData } from "./events";
import { buildWebhookRequest } from "./sign-webhook";

/**
 * The worked example of the reseller guide's webhook section: a fixed secret (the one the signing
 * example uses; not a real secret), delivery id, time and event. sign-webhook.test.ts checks the
 * figures against OpenSSL and a constant.
 */
export const WEBHOOK_GUIDE_EXAMPLE = {
  secret: "3f9a6c1e8b2d47f0a5c9e1b3d7f2a6c4e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8",
  deliveryId: "7d3f2a91-5c4e-4b8a-9f61-2e0d8c7b6a54",
  event: "order.paid",
  attemptAt: new Date("2026-01-01T12:00:00.000Z"),
  data: orderEventData({
    orderId: "0b6f4c2e-8a1d-4e3f-b5c7-9d2e1f0a3b4c",
    orderNumber: "ORD-10042",
    externalOrderId: "shop-5531",
    externalCustomerId: "cust-1001",
    status: "paid",
    paymentMode: "credit",
    amount: "20.00",
    vat: "4.20",
    total: "24.20",
    currency: "EUR",
    invoiceId: null,
    services: [{ serviceId: "4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d", status: "pending" }],
  }),
} as const;

export function webhookGuideExample() {
  const e = WEBHOOK_GUIDE_EXAMPLE;
  return buildWebhookRequest({ deliveryId: e.deliveryId, event: e.event, data: e.data, attemptAt: e.attemptAt, signingSecret: e.secret, host: "hooks.example.com" });
}

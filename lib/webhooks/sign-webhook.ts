import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Outbound webhook signing (the reseller API spec "Events", docs/decisions.md#d1): `X-Webhook-Signature:
 * hmac-sha256=<64 lowercase hex>` = HMAC-SHA256 keyed with the 64 ASCII characters of the reseller's
 * signing secret over the exact raw body sent. The body carries the attempt's timestamp, so every
 * attempt has a new timestamp, body and signature; X-Webhook-Id stays the same.
 */

export const WEBHOOK_USER_AGENT = "Rackfront-Reseller-Webhook/1.0";

export function signWebhookBody(signingSecret: string, rawBody: string | Uint8Array): string {
  const body = typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody;
  return `hmac-sha256=${createHmac("sha256", Buffer.from(signingSecret, "utf8")).update(body).digest("hex")}`;
}

/** What a receiver does (the guide's snippet, used by the tests as the oracle): constant-time compare. */
export function verifyWebhookSignature(signingSecret: string, rawBody: string | Uint8Array, header: string | null | undefined): boolean {
  const expected = Buffer.from(signWebhookBody(signingSecret, rawBody));
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The exact body of one attempt. */
export function webhookBody(event: string, timestamp: Date, data: unknown): string {
  return JSON.stringify({ event, timestamp: timestamp.toISOString(), data });
}

export interface WebhookRequest {
  body: string;
  /** Header name → value, in the order sent. */
  headers: Record<string, string>;
}

/** Body and headers of one attempt of delivery `deliveryId`, made at `attemptAt`. */
export function buildWebhookRequest(input: {
  deliveryId: string;
  event: string;
  data: unknown;
  attemptAt: Date;
  signingSecret: string;
  host: string;
}): WebhookRequest {
  const body = webhookBody(input.event, input.attemptAt, input.data);
  return {
    body,
    headers: {
      Host: input.host,
      "User-Agent": WEBHOOK_USER_AGENT,
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body, "utf8")),
      "X-Webhook-Event": input.event,
      "X-Webhook-Id": input.deliveryId,
      "X-Webhook-Timestamp": input.attemptAt.toISOString(),
      "X-Webhook-Signature": signWebhookBody(input.signingSecret, body),
      Connection: "keep-alive",
    },
  };
}

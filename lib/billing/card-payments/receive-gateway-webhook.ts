import type { Db } from "@/lib/db/client";
import { WebhookSignatureError, type CardGateway } from "@/lib/payments/card-gateway";
import { cardGatewayByName } from "@/lib/payments/card-gateways";
import { requestProvisioning } from "@/lib/services/request-provisioning";
import { applyGatewayEvent } from "./apply-gateway-event";

/**
 * A card gateway's webhook (POST /api/payments/<gateway>/webhook): the signature is checked on the
 * raw body before anything is read (400 when it fails; 404 when the gateway is not configured or
 * sends no webhooks), then the event is applied once (applyGatewayEvent). Answers 200 for events it
 * does not act on, so the gateway stops resending them.
 */
export async function receiveGatewayWebhook(
  input: { db: Db; now: Date; gatewayName: string; rawBody: string; signature: string | null; gateway?: CardGateway | null; provision?: (ids: readonly string[]) => Promise<unknown> },
): Promise<{ status: number; body: { received: boolean; result?: string; error?: string } }> {
  const gateway = input.gateway === undefined ? cardGatewayByName(input.gatewayName) : input.gateway;
  if (!gateway?.webhook) return { status: 404, body: { received: false, error: "No webhook is configured for this gateway" } };
  let event;
  try {
    event = gateway.webhook.parse(input.rawBody, input.signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, body: { received: false, error: error.message } };
    throw error;
  }
  const result = await applyGatewayEvent(input.db, gateway.name, event, { now: input.now, provision: input.provision ?? requestProvisioning });
  return { status: 200, body: { received: true, result } };
}

import { receiveGatewayWebhook } from "@/lib/billing/card-payments/receive-gateway-webhook";
import { getDb } from "@/lib/db/client";

// A card gateway's signed webhook (Stripe: /api/payments/stripe/webhook). The body is read as text:
// the signature covers the exact bytes sent.
export async function POST(request: Request, { params }: { params: Promise<{ gateway: string }> }): Promise<Response> {
  const { gateway } = await params;
  const signature = request.headers.get("stripe-signature") ?? request.headers.get("webhook-signature");
  const answer = await receiveGatewayWebhook({ db: getDb(), now: new Date(), gatewayName: gateway, rawBody: await request.text(), signature });
  return Response.json(answer.body, { status: answer.status });
}

import { expect } from "vitest";
import type { Db } from "@/lib/db/client";
import type { ChargeRequest, PaymentGateway } from "@/lib/payments/payment-gateway";
import { testCardGateway, testCardToken } from "@/lib/payments/test-card-gateway";
import { makeReseller } from "@/lib/testing/factories";
import { placeOrder, type PlaceOrderResult } from "../place-order";

// A `saved_method` order whose request stops between the charge and recording its outcome, as a
// process that dies there would leave it: the order and payment committed `processing`, the card
// charged on the test gateway (or, with reachGateway false, never). The request is held, not
// killed: `release()` lets it finish late, which is how tests check a settlement happens once.

export function stallingGateway(reachGateway: boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const chargeSent = new Promise<void>((resolve) => (sent = resolve));
  const gateway: PaymentGateway = {
    name: "test",
    async charge(request: ChargeRequest) {
      const outcome = reachGateway ? await testCardGateway.charge(request) : null;
      sent();
      await released;
      return outcome ?? { ok: false, code: "error", reason: "The payment gateway could not be reached; try again later", gatewayReference: null };
    },
    lookup: (request) => testCardGateway.lookup(request),
  };
  return { gateway, release, chargeSent };
}

/** A reseller (programme in `saved_method` mode is the caller's business) with a default test card and a stalled order for 2 × `productId` monthly. */
export async function stalledCardOrder(db: Db, input: { card: string; productId: string; now: Date; reachGateway?: boolean }) {
  const r = await makeReseller(db);
  await db.paymentMethod.create({
    data: { accountId: r.account.id, gateway: "test", label: "Card", cardBrand: "visa", cardLastFour: input.card.slice(-4), gatewayToken: testCardToken(input.card), isDefault: true },
  });
  const stall = stallingGateway(input.reachGateway ?? true);
  const request: Promise<PlaceOrderResult> = placeOrder(
    { db, now: input.now, actor: { kind: "reseller", resellerId: r.profile.id }, gateways: () => stall.gateway, provision: async () => {} },
    { items: [{ productId: input.productId, billingCycle: "monthly", quantity: 2 }], externalOrderId: `stalled-${r.profile.id}` },
  );
  await stall.chargeSent;
  const order = await db.order.findFirstOrThrow({ where: { resellerId: r.profile.id }, include: { payments: true } });
  expect([order.status, order.paymentStatus, order.payments.map((p) => p.status)]).toEqual(["pending", "processing", ["processing"]]);
  return { reseller: r, orderId: order.id, paymentId: order.payments[0]!.id, release: stall.release, request };
}

import { expect } from "vitest";
import type { Db } from "@/lib/db/client";
import { stallingGateway } from "@/lib/orders/testing/stalled-card-order";
import { testCardToken } from "@/lib/payments/test-card-gateway";
import { makeActiveService, type makeVpsSite } from "@/lib/services/testing/service-factories";
import { makeReseller } from "@/lib/testing/factories";
import { serviceContext } from "../../service-context";
import { setServiceOptions } from "../option-changes";
import { requestPackageChange } from "../package-change";
import type { ServiceChangeContext } from "../service-change-context";
import { makeAddon, makeUpgradePlan } from "./change-factories";

// A reseller's add-on or plan change in `saved_method` mode whose request stops between the card
// charge and settling it (see lib/orders/testing/stalled-card-order.ts): order and payment
// committed `processing`, the add-on rows `pending_payment` or the plan change `pending`.

export async function stalledCardChange(
  db: Db,
  input: { kind: "addon" | "upgrade"; card: string; site: Awaited<ReturnType<typeof makeVpsSite>>; now: Date; due: Date },
) {
  const r = await makeReseller(db);
  await db.paymentMethod.create({
    data: { accountId: r.account.id, gateway: "test", label: "Card", cardBrand: "visa", cardLastFour: input.card.slice(-4), gatewayToken: testCardToken(input.card), isDefault: true },
  });
  const made = await makeActiveService(db, { accountId: r.account.id, productId: input.site.product.id, locationId: input.site.location.id, resellerId: r.profile.id });
  await db.service.update({ where: { id: made.service.id }, data: { nextDueDate: input.due } });
  const serviceId = made.service.id;
  const stall = stallingGateway(true);
  const ctx: ServiceChangeContext = {
    ...serviceContext({ db, now: input.now, actor: { accountId: r.account.id } }),
    buyer: { kind: "reseller", resellerId: r.profile.id },
    gateways: () => stall.gateway,
  };
  const request: Promise<unknown> =
    input.kind === "addon"
      ? setServiceOptions(ctx, { serviceId, options: [{ optionId: (await makeAddon(db, input.site.product.id)).id, quantity: 1 }] })
      : requestPackageChange(ctx, { serviceId, toProductId: (await makeUpgradePlan(db, input.site.product.id, input.site.location.id)).id });
  await stall.chargeSent;
  const order = await db.order.findFirstOrThrow({ where: { resellerId: r.profile.id, orderType: input.kind }, include: { payments: true } });
  expect([order.orderType, order.paymentStatus, order.payments.map((p) => p.status)]).toEqual([input.kind, "processing", ["processing"]]);
  return { reseller: r, serviceId, orderId: order.id, paymentId: order.payments[0]!.id, release: stall.release, request };
}

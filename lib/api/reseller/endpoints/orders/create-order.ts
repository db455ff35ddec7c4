import { uuidSchema } from "@/lib/schemas/uuid";
import { WIRE_BILLING_CYCLES } from "@/lib/schemas/billing-cycles";
import { createHash } from "node:crypto";
import { z } from "zod";
import { PROVISIONING_FAILED_ERROR, placeOrder, type PlaceOrderResult } from "@/lib/orders";
import { jsonResponse } from "../../../json-response";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { orderReplay, orderResult, orderResultSchema, replaySchema } from "./order-views";

const CYCLES = WIRE_BILLING_CYCLES;

export const createOrderBody = z.object({
  productId: uuidSchema,
  billingCycle: z.enum(CYCLES, { error: `Must be one of ${CYCLES.join(", ")}` }),
  quantity: z.number().int({ error: "Must be a whole number" }).min(1, { error: "Must be between 1 and 100" }).max(100, { error: "Must be between 1 and 100" }).default(1),
  externalOrderId: z.string().trim().min(1, { error: "Must not be empty" }).max(100).optional(),
  externalCustomerId: z.string().trim().min(1, { error: "Must not be empty" }).max(255).optional(),
  externalCustomerEmail: z.email().max(255).optional(),
  externalCustomerName: z.string().max(255).optional(),
  configuration: z
    .looseObject({
      hostname: z.string().max(253).optional(),
      location: z.string().max(100).optional(),
      osImageId: z.string().max(100).optional(),
      externalServiceId: z.string().max(255).optional(),
      user_data: z.string().optional(),
      ssh_keys: z.array(z.string().max(16_384)).max(50).optional(),
    })
    .default({}),
  options: z
    .array(z.object({ optionId: z.string().max(100), quantity: z.number().int({ error: "Must be a whole number" }).min(1).max(100).default(1) }))
    .max(50)
    .default([]),
  paymentMethodId: uuidSchema.optional(),
});

export type CreateOrderBody = z.output<typeof createOrderBody>;

/** The message beside `data`: what happened and what to do next. */
function describe(result: PlaceOrderResult): string {
  const { order, document } = result;
  if (result.paymentError) return `Payment failed: ${result.paymentError}. Retry with POST /orders/${order.id}/retry`;
  if (document?.type === "proforma") return `Proforma ${document.number} raised; services are created when it is paid`;
  if (document && !document.settled) return `Invoice ${document.number} raised; services are created when it is paid`;
  if (order.status === "paid") return document ? `Order paid (invoice ${document.number}); provisioning started` : "Order paid; provisioning started";
  return `Order ${order.orderNumber} is ${order.status}`;
}

export const createOrderEndpoint = defineEndpoint({
  method: "POST",
  path: "/orders",
  scope: "orders",
  signed: true,
  status: 201,
  summary: "Place a wholesale order",
  description:
    "Quoted at your wholesale price and collected in the programme's payment mode (`credit`, `invoice` or `saved_method`). " +
    "`externalOrderId` is the idempotency key (unique per reseller, for life): a second call with it answers 200 with the order as it " +
    "is now (`idempotent: true`, reconciliation shape) and charges nothing, also when the body differs; concurrent calls with one key " +
    "create one order. 201: read `data.status` (`paid`, `invoiced`, `payment_failed`). 502: the payment succeeded but the services could " +
    "not be created: do not retry, quote `data.orderId`. Refusals (400 validation, cycle, location, options, minimum, credit; 404 " +
    "product; 409 cap or capacity) charge nothing.",
  body: createOrderBody,
  response: z.union([orderResultSchema, replaySchema]),
  async handler({ auth, db, body, now }) {
    const cfg = body.configuration;
    const { hostname, location, osImageId, externalServiceId, user_data, ssh_keys, ...extra } = cfg;
    const result = await placeOrder(
      { db, now, actor: { kind: "reseller", resellerId: auth.resellerId, boundCustomerId: auth.customerId } },
      {
        items: [
          {
            productId: body.productId,
            billingCycle: body.billingCycle,
            quantity: body.quantity,
            location: location ?? null,
            hostname: hostname ?? null,
            options: body.options,
            configuration: { osImageId, externalServiceId, userData: user_data, sshKeys: ssh_keys, extra },
          },
        ],
        externalOrderId: body.externalOrderId ?? null,
        externalCustomer: body.externalCustomerId
          ? { id: body.externalCustomerId, email: body.externalCustomerEmail ?? null, name: body.externalCustomerName ?? null }
          : null,
        paymentMethodId: body.paymentMethodId ?? null,
        requestHash: createHash("sha256").update(JSON.stringify(body)).digest("hex"),
      },
    );
    if (!result.created) {
      return reply(orderReplay(result.order), { status: 200, message: "An order with this externalOrderId exists; nothing was charged again" });
    }
    if (result.provisioningFailed) {
      return jsonResponse(502, { success: false, error: PROVISIONING_FAILED_ERROR, data: { ...orderResult(result.order), status: "provisioning_failed" } });
    }
    return reply(orderResult(result.order), { message: describe(result) });
  },
});

import { uuidSchema } from "@/lib/schemas/uuid";
import { z } from "zod";
import { PROVISIONING_FAILED_ERROR, retryOrderPayment } from "@/lib/orders";
import { jsonResponse } from "../../../json-response";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { retryResult, retryResultSchema } from "./order-views";

export const retryOrderEndpoint = defineEndpoint({
  method: "POST",
  path: "/orders/{orderId}/retry",
  scope: "orders",
  signed: true,
  summary: "Retry the payment of a payment_failed order",
  description:
    "Charges the amount quoted at order time (not re-converted) on `paymentMethodId` or your default method and revives the order's " +
    "services; a refused options change or change-package (`charge.orderId`, `data.orderId` of the 402) is applied as it was sent, or refused 409 when it no longer applies to its service. 200 re-emits `order.paid`. 400 `Order is already paid`, 400 for an `invoiced` order (pay its document), 400 with the " +
    "gateway's reason when the charge fails again; 409 on storefront orders and while another attempt is in flight; 502 as for orders.",
  body: z.object({ paymentMethodId: uuidSchema.optional() }),
  response: retryResultSchema,
  async handler({ auth, db, params, body, now }) {
    const result = await retryOrderPayment(
      { db, now, actor: { resellerId: auth.resellerId, boundCustomerId: auth.customerId } },
      { orderId: params.orderId, paymentMethodId: body.paymentMethodId ?? null },
    );
    if (result.provisioningFailed) {
      return jsonResponse(502, { success: false, error: PROVISIONING_FAILED_ERROR, data: { ...retryResult(result.order), status: "provisioning_failed" } });
    }
    return reply(retryResult(result.order), { message: "Payment succeeded; provisioning started" });
  },
});

import { z } from "zod";
import { removeServiceOption, setServiceOptions as setOptions } from "@/lib/services/changes/option-changes";
import { activeOptionRow, optionsSection } from "@/lib/services/changes/reseller-change-sections";
import { jsonResponse } from "../../../json-response";
import { reply } from "../../../reply";
import { uuidParam } from "../../../define-endpoint";
import { defineEndpoint } from "../../define-endpoint";
import { resellerChangeContext } from "./reseller-change-context";
import { resellerServiceContext } from "./reseller-service-scope";

const activeRow = z.object({
  id: z.string(),
  optionId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  status: z.enum(["pending_payment", "active", "cancelled"]),
  amount: z.string().nullable(),
  setupFee: z.string(),
});
export const optionsSectionSchema = z.object({
  priceBasis: z.enum(["wholesale", "retail"]),
  active: z.array(activeRow),
  available: z.array(z.object({ optionId: z.string(), name: z.string(), price: z.string(), setupFee: z.string(), maxQuantity: z.number().int().nullable() })),
});

export const getServiceOptionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/options",
  scope: "read",
  summary: "The service's add-ons and the ones it can take",
  description: "`active[]` lists add-ons held or awaiting payment (`id` is what `DELETE /services/{id}/options/{serviceOptionId}` takes); `available[]` the product's add-ons at your wholesale price on the service's cycle.",
  response: optionsSectionSchema,
  async handler({ auth, db, now, params }) {
    return optionsSection(resellerChangeContext(auth, db, now), { serviceId: params.serviceId });
  },
});

const money = z.string();
export const optionsChangeResultSchema = z.object({
  serviceId: z.string(),
  added: z.array(z.object({ optionId: z.string(), name: z.string(), quantity: z.number().int(), unitPrice: money, setupFee: money })),
  increased: z.array(z.object({ optionId: z.string(), name: z.string(), delta: z.number().int(), unitPrice: money })),
  decreased: z.array(z.object({ optionId: z.string(), name: z.string(), delta: z.number().int() })),
  removed: z.array(z.object({ optionId: z.string(), name: z.string(), quantity: z.number().int() })),
  unchanged: z.array(z.object({ optionId: z.string(), name: z.string(), quantity: z.number().int() })),
  options: z.array(z.object({ id: z.string(), optionId: z.string(), name: z.string(), quantity: z.number().int(), status: z.string(), unitPrice: money.nullable(), nextDueDate: z.string().nullable() })),
  charge: z
    .object({
      orderId: z.string(),
      amount: money,
      currency: z.string(),
      baseAmount: money,
      baseCurrency: z.string(),
      paymentMode: z.string(),
      paymentStatus: z.enum(["paid", "invoiced", "failed"]),
      invoiceId: z.string().nullable(),
      proformaId: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
  idempotent: z.literal(true).optional(),
});

export const setServiceOptionsEndpoint = defineEndpoint({
  method: "PUT",
  path: "/services/{serviceId}/options",
  scope: "orders",
  signed: true,
  summary: "Set the service's add-ons (absolute)",
  description:
    "The service ends up holding exactly `options` (duplicate ids merged). Additions and top-ups are charged at wholesale — a first cycle on the service's cycle plus setup fee, their own cycle starting today — in the programme's payment mode; removals and decreases are free, immediate and not refunded. " +
    "200: applied (or nothing owed, `charge: null`); 202: `invoice` mode — additions stay `pending_payment` until the raised document is paid (then `order.paid`). " +
    "`externalReference` (max 90, its own namespace) names one change for life, paid or not: every other call with it, later or concurrent, answers the first change with `idempotent: true` and charges nothing. The service must be active (409). " +
    "`saved_method`: the card is charged after the change is recorded; a refused charge answers 402 with the result (`charge.paymentStatus: failed`, `charge.reason`) and nothing held changed — `POST /orders/{charge.orderId}/retry` charges it again and, when it goes through, applies the change as it was sent (its additions, decreases and removals).",
  body: z.object({
    options: z.array(z.object({ optionId: uuidParam, quantity: z.number().int().min(1).max(100).default(1) })).max(50),
    externalReference: z.string().min(1).max(90).optional(),
  }),
  response: optionsChangeResultSchema,
  async handler({ auth, db, now, params, body }) {
    const input = { serviceId: params.serviceId, options: body.options, externalReference: body.externalReference ?? null };
    const { result, idempotent } = await setOptions(resellerChangeContext(auth, db, now), input);
    const data = idempotent ? { ...result, idempotent: true as const } : result;
    if (result.charge?.paymentStatus === "failed") return jsonResponse(402, { success: false, error: result.charge.reason ?? "The charge failed", data });
    if (idempotent) return reply(data, { status: 200, message: "Options change already applied" });
    const invoiced = result.charge?.paymentStatus === "invoiced";
    return reply(result, { status: invoiced ? 202 : 200, message: invoiced ? "Add-ons await payment of the raised document" : "Options updated" });
  },
});

export const deleteServiceOptionEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/services/{serviceId}/options/{serviceOptionId}",
  scope: "orders",
  signed: true,
  summary: "Remove one add-on (free, immediate)",
  description: "`serviceOptionId` is `active[].id` from `GET /services/{id}/options`. Not refunded. 404 when the service holds no such add-on.",
  response: z.object({ serviceId: z.string(), removed: z.string(), options: z.array(activeRow) }),
  async handler({ auth, db, now, params }) {
    const left = await removeServiceOption(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, rowId: params.serviceOptionId });
    return reply({ serviceId: left.serviceId, removed: params.serviceOptionId, options: left.options.map(activeOptionRow) }, { message: "Add-on removed" });
  },
});

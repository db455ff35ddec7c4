import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { addServiceOption as addOption, listAvailableOptions, listServiceOptions, removeServiceOption } from "@/lib/services/changes/option-changes";
import type { ServiceChangeContext } from "@/lib/services/changes/service-change-context";
import { moneyString } from "@/lib/format/money-string";
import { reply } from "../../../reply";
import { uuidParam } from "../../../define-endpoint";
import { defineEndpoint } from "../../define-endpoint";
import type { CustomerAuth } from "../../customer-auth";
import { customerServiceContext } from "../services/customer-service-scope";
import { serviceOptionJson, serviceOptionSchema, settlementJson, settlementSchema } from "./change-views";

export const customerBuyer = (auth: CustomerAuth) => ({ kind: "customer" as const, accountId: auth.accountId, userId: auth.user.id });

/** The change operations' context for a customer request: the request's service scope, the account (and its signed-in user) paying. */
export const customerChangeContext = (auth: CustomerAuth, db: Db, now: Date): ServiceChangeContext => ({ ...customerServiceContext(auth, db, now), buyer: customerBuyer(auth) });

export const listServiceOptionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}/options",
  scope: "read",
  access: "services:view",
  tag: "add-ons and upgrades",
  summary: "The service's add-ons",
  description: "Add-ons held (`active`) or awaiting payment of their document (`pending_payment`); cancelled ones are not listed. The recurring price is `amount` (per the add-on's cycle).",
  response: z.array(serviceOptionSchema),
  async handler({ auth, db, now, params }) {
    return (await listServiceOptions(customerServiceContext(auth, db, now), { serviceId: params.id })).map(serviceOptionJson);
  },
});

export const listAvailableServiceOptionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}/options/available",
  scope: "read",
  access: "services:view",
  tag: "add-ons and upgrades",
  summary: "Add-ons the service can take",
  description: "The product's add-ons at your price on the service's cycle: `price` per unit per cycle, `setup_fee` once per unit; `held: true` when the service already has it active.",
  response: z.array(
    z.object({
      option_id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      pricing_type: z.enum(["recurring", "one_time"]),
      max_quantity: z.number().int().nullable(),
      price: z.string(),
      setup_fee: z.string(),
      currency: z.string(),
      held: z.boolean(),
    }),
  ),
  async handler({ auth, db, now, params }) {
    const rows = await listAvailableOptions(customerChangeContext(auth, db, now), { serviceId: params.id });
    return rows.map((o) => ({
      option_id: o.optionId,
      name: o.name,
      description: o.description,
      pricing_type: o.pricingType,
      max_quantity: o.maxQuantity,
      price: moneyString(o.price),
      setup_fee: moneyString(o.setupFee),
      currency: o.currency,
      held: o.held,
    }));
  },
});

export const addServiceOptionEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/options",
  scope: "orders",
  access: "services:manage",
  tag: "add-ons and upgrades",
  status: 201,
  summary: "Buy an add-on at its full cycle price",
  description:
    "Charges the add-on's full price for one cycle of the service's billing cycle plus its setup fee; the add-on's own cycle starts today (`next_due_date` one cycle ahead). " +
    "An invoice (or proforma) is raised and the add-on stays `pending_payment` until it is paid. To pay only up to the service's next due date use `POST /services/{id}/upgrades/options`. " +
    "The service must be active (409); an add-on not offered on the product, or more than its `max_quantity` in all, is refused 400.",
  body: z.object({
    optionId: uuidParam,
    billingType: z.string().max(40).optional(),
    billingCycle: z.string().max(40).optional(),
    quantity: z.number().int().min(1).max(100).default(1),
  }),
  response: z.object({ serviceOption: serviceOptionSchema, ...settlementSchema }),
  async handler({ auth, db, now, params, body }) {
    const input = { serviceId: params.id, optionId: body.optionId.toLowerCase(), quantity: body.quantity, billingCycle: body.billingCycle ?? null };
    const { serviceOption, charge } = await addOption(customerChangeContext(auth, db, now), input);
    const settlement = await settlementJson({ db, now }, auth, charge?.orderId ?? null, "The add-on is active.");
    return reply({ serviceOption: serviceOptionJson(serviceOption), ...settlement }, { message: charge ? "Add-on ordered; pay its document to activate it" : "Add-on added" });
  },
});

export const removeServiceAddonEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/services/{id}/options/{optionId}",
  scope: "destructive",
  access: "services:cancel",
  tag: "add-ons and upgrades",
  summary: "Cancel an add-on now",
  description: "`optionId` is the catalogue option id (`option_id`), not the row id. The add-on becomes `cancelled` with today's `termination_date` and leaves the list at once; nothing is refunded. 404 when the service does not hold it.",
  response: z.object({ removed: z.string(), options: z.array(serviceOptionSchema) }),
  async handler({ auth, db, now, params }) {
    const left = await removeServiceOption(customerServiceContext(auth, db, now), { serviceId: params.id, optionId: params.optionId.toLowerCase() });
    return reply({ removed: params.optionId, options: left.options.map(serviceOptionJson) }, { message: "Add-on cancelled" });
  },
});

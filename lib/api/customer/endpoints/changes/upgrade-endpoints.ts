import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { scopeWhere } from "@/lib/services/find-scoped-service-or-throw";
import { cancelServiceUpgrade, UPGRADE_NOT_FOUND } from "@/lib/services/changes/cancel-service-upgrade";
import { requestUpgradeExecution } from "@/lib/services/changes/execute-service-upgrade";
import { requestOptionsUpgrade } from "@/lib/services/changes/option-changes";
import { listPackageChanges, requestPackageChange } from "@/lib/services/changes/package-change";
import { apiBillingCycle } from "@/lib/pricing";
import { moneyString } from "@/lib/format/money-string";
import { reply } from "../../../reply";
import { uuidParam } from "../../../define-endpoint";
import { defineEndpoint } from "../../define-endpoint";
import type { CustomerAuth } from "../../customer-auth";
import { customerServiceContext, customerServiceScope } from "../services/customer-service-scope";
import { customerChangeContext } from "./addon-endpoints";
import { previewJson, previewSchema, upgradeCreatedReply, upgradeCreatedSchema, upgradeJson, upgradeReadJson, upgradeReadSchema, upgradeSchema } from "./change-views";

export const listServiceUpgradesEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}/upgrades",
  scope: "read",
  access: "services:view",
  tag: "add-ons and upgrades",
  summary: "Plans the service can move to, with the prorated cost",
  description:
    "Each row prices a move now: both plans prorated to the service's `next_due_date` in whole days (`daysRemaining` of `daysInCycle`), `creditAmount` for the current plan, `chargeAmount` for the new one, " +
    "`netAmount` the difference (zero or less: nothing to pay, no refund), VAT at your rate. `pendingUpgrade`: the change under way, if any.",
  response: z.object({
    service: z.object({ id: z.string(), productName: z.string(), amount: z.string(), billingCycle: z.string(), nextDueDate: z.string().nullable() }),
    upgrades: z.array(previewSchema),
    pendingUpgrade: upgradeSchema.nullable(),
  }),
  async handler({ auth, db, now, params }) {
    const { service, upgrades, pendingUpgrade } = await listPackageChanges(customerChangeContext(auth, db, now), { serviceId: params.id });
    return {
      service: { id: service.id, productName: service.product.name, amount: moneyString(service.amount), billingCycle: apiBillingCycle(service.billingCycle), nextDueDate: service.nextDueDate?.toISOString() ?? null },
      upgrades: upgrades.map(previewJson),
      pendingUpgrade: pendingUpgrade ? upgradeJson(pendingUpgrade) : null,
    };
  },
});

const UPGRADE_DESCRIPTION =
  "201. A document (invoice, or proforma on proforma-first suppliers) is raised for the net amount plus VAT; credit is never applied automatically to upgrades: pay it with `POST /invoices/{id}/pay`. " +
  "Once paid the upgrade goes `awaiting_payment` → `executing` → `completed` (`executed_at`). A change netting to zero or credit has `billingDocument: null` and `settled: true` and is not refunded. " +
  "`data` is the change; `document`, `settled`, `next_step` and `credit_balance` are top-level, beside `data`.";

export const requestServiceUpgradeEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/upgrades",
  scope: "orders",
  access: "services:manage",
  tag: "add-ons and upgrades",
  status: 201,
  summary: "Move the service to another plan",
  description:
    `${UPGRADE_DESCRIPTION} The target must be linked by an upgrade path (409), exist (404) and be sold on the service's cycle (400); the service must be active (409); one upgrade at a time (409). ` +
    "A VPS is resized when the upgrade executes (it restarts); the service's product and `billing.amount` then follow the new plan from the next cycle, its open unpaid renewal invoice is re-priced and re-taxed, " +
    "and add-ons the new plan does not offer end. A change netting to zero or credit is `completed` at once unless the VPS still has to be resized: then it is `executing` until the resize is done.",
  body: z.object({ toProductId: uuidParam }),
  response: upgradeCreatedSchema,
  async handler({ auth, db, now, params, body }) {
    const { upgrade, lines } = await requestPackageChange(customerChangeContext(auth, db, now), { serviceId: params.id, toProductId: body.toProductId.toLowerCase() });
    if (upgrade.status === "executing") await requestUpgradeExecution([upgrade.id]);
    const message = upgrade.status === "completed" ? "Upgrade applied" : upgrade.orderId ? "Upgrade requested; pay its document to apply it" : "Upgrade accepted; the server is being resized";
    return upgradeCreatedReply({ db, now }, auth, upgrade, lines, message);
  },
});

const optionRef = z.union([uuidParam, z.object({ optionId: uuidParam, quantity: z.number().int().min(1).max(100).default(1) })]);

export const requestServiceOptionsUpgradeEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/upgrades/options",
  scope: "orders",
  access: "services:manage",
  tag: "add-ons and upgrades",
  status: 201,
  summary: "Add and remove add-ons, prorated to the next due date",
  description:
    `Added add-ons cost their cycle price for the days left until the service's \`next_due_date\` plus setup fee, then renew with the service; removed ones credit the days left, which only offsets charges in this change. ${UPGRADE_DESCRIPTION} ` +
    "`addOptions` items are option ids or `{optionId, quantity}`; `removeOptions` are option ids the service holds. The two sets must be disjoint and `addOptions` must not name a held add-on (400).",
  body: z.object({ addOptions: z.array(optionRef).max(50).default([]), removeOptions: z.array(uuidParam).max(50).default([]) }),
  response: upgradeCreatedSchema,
  async handler({ auth, db, now, params, body }) {
    const add = body.addOptions.map((a) => (typeof a === "string" ? { optionId: a, quantity: 1 } : a));
    const { upgrade, lines } = await requestOptionsUpgrade(customerChangeContext(auth, db, now), { serviceId: params.id, add, remove: body.removeOptions });
    return upgradeCreatedReply({ db, now }, auth, upgrade, lines, upgrade.status === "completed" ? "Add-ons changed" : "Add-on change requested; pay its document to apply it");
  },
});

/** An upgrade of a service the caller sees (project narrowing included); anything else is 404. */
async function findUpgradeOrThrow(db: Db, auth: CustomerAuth, upgradeId: string) {
  const upgrade = await db.serviceUpgrade.findFirst({ where: { id: upgradeId, accountId: auth.accountId, service: scopeWhere(customerServiceScope(auth)) } });
  if (!upgrade) throw new DomainError("not_found", UPGRADE_NOT_FOUND);
  return upgrade;
}

export const getServiceUpgradeEndpoint = defineEndpoint({
  method: "GET",
  path: "/upgrades/{upgradeId}",
  scope: "read",
  access: "services:view",
  tag: "add-ons and upgrades",
  summary: "An upgrade and its order",
  response: upgradeReadSchema,
  async handler({ auth, db, params }) {
    return upgradeReadJson(db, await findUpgradeOrThrow(db, auth, params.upgradeId));
  },
});

export const cancelUpgradeEndpoint = defineEndpoint({
  method: "POST",
  path: "/upgrades/{upgradeId}/cancel",
  scope: "orders",
  access: "services:manage",
  tag: "add-ons and upgrades",
  summary: "Cancel a pending upgrade",
  description: "Only an upgrade waiting for payment (`pending`, `awaiting_payment`); its unpaid document is cancelled too. An executing, executed or zero-net upgrade answers 400.",
  response: upgradeReadSchema,
  async handler({ auth, db, now, params }) {
    const cancelled = await cancelServiceUpgrade(customerServiceContext(auth, db, now), { upgradeId: params.upgradeId });
    return reply(await upgradeReadJson(db, cancelled), { message: "Upgrade cancelled" });
  },
});

"use server";

import { assertActorWritable } from "@/lib/accounts/account-permissions";
import { revalidatePath } from "next/cache";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { cancelServiceUpgrade } from "@/lib/services/changes/cancel-service-upgrade";
import { requestUpgradeExecution } from "@/lib/services/changes/execute-service-upgrade";
import { addServiceOption, addonQuantity, removeServiceOption } from "@/lib/services/changes/option-changes";
import { requestPackageChange } from "@/lib/services/changes/package-change";
import type { ServiceChangeContext } from "@/lib/services/changes/service-change-context";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { serviceContext } from "@/lib/services/service-context";

// The VPS page's Upgrade and Add-ons sections: the same domain functions as the customer API's
// add-on and upgrade endpoints, with the panel's permissions (services.manage to buy, like the
// API's `orders` scope; services.cancel to remove, like `destructive`).

/** The invoice or proforma to pay for the change, when there is one. A refusal of an input (e.g. `quantity`) is in `fieldErrors`. */
export type ServiceChange = { document: { type: "invoice" | "proforma"; id: string; number: string } | null };

async function context(permission: "manage" | "cancel") {
  const viewer = await requireCustomer();
  if (!viewer.customer) throw new DomainError("forbidden", "Your sign-in is not linked to a customer account");
  assertActorWritable(viewer.customer);
  const access = panelServiceAccess(viewer.customer);
  if (permission === "manage" && !access.canManage) throw new DomainError("forbidden", "Buying add-ons and upgrades needs the services.manage permission on this account");
  if (permission === "cancel" && !access.canCancel) throw new DomainError("forbidden", "Removing add-ons needs the services.cancel permission on this account");
  const ctx = serviceContext({ db: getDb(), actor: access.scope });
  const changes: ServiceChangeContext = { ...ctx, buyer: { kind: "customer", accountId: viewer.customer.accountId, userId: viewer.user.id } };
  return { ctx, changes };
}

function run(serviceId: string, fn: () => Promise<{ data: ServiceChange; message: string }>): Promise<ActionResult<ServiceChange>> {
  return runAction(
    async () => {
      const result = await fn();
      revalidatePath(`/services/${serviceId}`);
      return result;
    },
    { log: "[panel] service change failed" },
  );
}

export async function upgradeServiceAction(serviceId: string, toProductId: string): Promise<ActionResult<ServiceChange>> {
  return run(serviceId, async () => {
    const { changes } = await context("manage");
    const { upgrade, charge } = await requestPackageChange(changes, { serviceId, toProductId });
    if (upgrade.status === "executing") await requestUpgradeExecution([upgrade.id]);
    if (upgrade.status === "completed") return { data: { document: null }, message: "Upgrade applied: nothing to pay. The server is on the new plan." };
    if (!charge?.document) return { data: { document: null }, message: "Upgrade accepted: nothing to pay. The server is being moved to the new plan." };
    return { data: { document: charge.document }, message: `Upgrade requested. Pay ${charge.document.type} ${charge.document.number} to apply it.` };
  });
}

export async function cancelUpgradeAction(serviceId: string, upgradeId: string): Promise<ActionResult<ServiceChange>> {
  return run(serviceId, async () => {
    const { ctx } = await context("manage");
    await cancelServiceUpgrade(ctx, { serviceId, upgradeId });
    return { data: { document: null }, message: "Upgrade cancelled, and its unpaid invoice with it." };
  });
}

/** `quantity` as typed: checked by the add-on rule (addonQuantity), never clamped here or in the browser. */
export async function addAddonAction(serviceId: string, optionId: string, quantity: string): Promise<ActionResult<ServiceChange>> {
  return run(serviceId, async () => {
    const { changes } = await context("manage");
    const units = addonQuantity(quantity);
    const { charge } = await addServiceOption(changes, { serviceId, optionId, quantity: units });
    if (!charge?.document) return { data: { document: null }, message: "Add-on added." };
    return { data: { document: charge.document }, message: `Add-on ordered. Pay ${charge.document.type} ${charge.document.number} to activate it.` };
  });
}

export async function removeAddonAction(serviceId: string, optionId: string): Promise<ActionResult<ServiceChange>> {
  return run(serviceId, async () => {
    const { ctx } = await context("cancel");
    await removeServiceOption(ctx, { serviceId, optionId });
    return { data: { document: null }, message: "Add-on removed." };
  });
}

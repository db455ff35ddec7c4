"use server";

import { MAY_NOT_PAY } from "@/lib/accounts/account-permissions";
import { revalidatePath } from "next/cache";
import { requireCustomerFor } from "@/lib/auth/session";
import { renewServiceNow } from "@/lib/billing/renewals/renew-service-now";
import { getDb } from "@/lib/db/client";
import { runAction, type FormActionState } from "@/lib/actions/action-result";
import { panelServiceAccess } from "@/lib/services/panel-service-access";
import { cooled } from "../panel-access";

/** The renewal document raised; `settled` when credit paid it at once. */
export type RenewalRaised = { type: "invoice" | "proforma"; id: string; number: string; settled: boolean };

/** The service page's "Renew now": the same domain function as `POST /services/{id}/renew`. */
export async function renewServiceAction(_prev: FormActionState<RenewalRaised>, formData: FormData): Promise<FormActionState<RenewalRaised>> {
  return runAction(
    async () => {
      const { viewer, customer } = await requireCustomerFor({ change: true, may: "services:renew", refusal: MAY_NOT_PAY });
      const serviceId = String(formData.get("serviceId") ?? "");
      const ctx = { db: getDb(), now: new Date(), actor: { ...panelServiceAccess(customer).scope, userId: viewer.user.id, isOwner: customer.role === "owner" } };
      const r = await cooled("renewal", viewer.user.id, serviceId, () => renewServiceNow(ctx, { serviceId }));
      revalidatePath(`/services/${r.serviceId}`);
      revalidatePath("/billing", "layout");
      return { data: { ...r.document, settled: r.settled } };
    },
    { log: "[panel] renewal failed" },
  );
}

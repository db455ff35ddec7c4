"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { parseActionInput, runAction, type ActionResult, type FormActionState } from "@/lib/actions/action-result";
import { requireReseller } from "@/lib/auth/session";
import { createResellerCustomer } from "@/lib/resellers/customers/create-reseller-customer";
import {
  ZCreateResellerCustomerSchema,
  ZUpdateResellerCustomerSchema,
  metadataRowsFromForm,
} from "@/lib/resellers/customers/customer-form-schemas";
import { deleteResellerCustomer } from "@/lib/resellers/customers/delete-reseller-customer";
import { updateResellerCustomer } from "@/lib/resellers/customers/update-reseller-customer";
import { getDb, type Db } from "@/lib/db/client";
import type { ResellerContext } from "@/lib/resellers/customers/reseller-customer-row";

const PATH = "/reseller/customers";
const LOG = { log: "[reseller portal] customer record action failed" };
const GONE = { not_found: "This customer record no longer exists." };

/** The signed-in reseller acting on its own customer records. */
async function context(): Promise<ResellerContext<Db>> {
  const viewer = await requireReseller();
  return { db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } };
}

/**
 * A record with this external id already exists (creation is idempotent, as in the API), with what
 * was typed to show again. A record created redirects to it instead.
 */
export type ExistingCustomer = { existing: { id: string; externalCustomerId: string }; values: Record<string, string> };

export async function createCustomerAction(_prev: FormActionState<ExistingCustomer>, formData: FormData): Promise<FormActionState<ExistingCustomer>> {
  const values = {
    externalCustomerId: String(formData.get("externalCustomerId") ?? ""),
    name: String(formData.get("name") ?? ""),
    email: String(formData.get("email") ?? ""),
  };
  return runAction(
    async () => {
      const ctx = await context();
      const input = parseActionInput(ZCreateResellerCustomerSchema, values);
      const { customer, created } = await createResellerCustomer(ctx, input);
      if (!created) return { data: { existing: { id: customer.id, externalCustomerId: customer.externalCustomerId }, values } };
      revalidatePath(PATH);
      redirect(`${PATH}/${customer.id}?created=1`);
    },
    { ...LOG, values },
  );
}

export async function updateCustomerAction(customerId: string, _prev: FormActionState, formData: FormData): Promise<FormActionState> {
  return runAction(
    async () => {
      const ctx = await context();
      const input = parseActionInput(ZUpdateResellerCustomerSchema, {
        name: String(formData.get("name") ?? ""),
        email: String(formData.get("email") ?? ""),
        metadata: metadataRowsFromForm(formData),
      });
      await updateResellerCustomer(ctx, { id: customerId, patch: input });
      revalidatePath(PATH);
      revalidatePath(`${PATH}/${customerId}`);
      return "Saved.";
    },
    { ...LOG, messages: GONE },
  );
}

/** Refused with the API's sentence while services attributed to the record are live; a deleted record redirects to the list. */
export async function deleteCustomerAction(customerId: string): Promise<ActionResult> {
  return runAction(async () => {
    await deleteResellerCustomer(await context(), { id: customerId });
    revalidatePath(PATH);
    redirect(`${PATH}?deleted=1`);
  }, { ...LOG, messages: GONE });
}

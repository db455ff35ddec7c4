"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { fieldErrorsOf, type FieldErrors } from "@/lib/auth/schemas";
import { requireReseller } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { createResellerCustomer } from "@/lib/resellers/customers/create-reseller-customer";
import {
  ZCreateResellerCustomerSchema,
  ZUpdateResellerCustomerSchema,
  metadataRowsFromForm,
  type TCreateResellerCustomerInput,
  type TUpdateResellerCustomerInput,
} from "@/lib/resellers/customers/customer-form-schemas";
import { deleteResellerCustomer } from "@/lib/resellers/customers/delete-reseller-customer";
import { updateResellerCustomer } from "@/lib/resellers/customers/update-reseller-customer";

const PATH = "/reseller/customers";

export type CreateCustomerState = {
  error?: string;
  fieldErrors?: FieldErrors<TCreateResellerCustomerInput>;
  values?: { externalCustomerId: string; name: string; email: string };
  /** A record with this external id already exists (creation is idempotent, as in the API). */
  existing?: { id: string; externalCustomerId: string };
};

export async function createCustomerAction(_prev: CreateCustomerState, formData: FormData): Promise<CreateCustomerState> {
  const viewer = await requireReseller();
  const values = {
    externalCustomerId: String(formData.get("externalCustomerId") ?? ""),
    name: String(formData.get("name") ?? ""),
    email: String(formData.get("email") ?? ""),
  };
  const parsed = ZCreateResellerCustomerSchema.safeParse(values);
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  const { customer, created } = await createResellerCustomer({ resellerId: viewer.reseller.profileId }, parsed.data);
  if (!created) return { values, existing: { id: customer.id, externalCustomerId: customer.externalCustomerId } };
  revalidatePath(PATH);
  redirect(`${PATH}/${customer.id}?created=1`);
}

export type UpdateCustomerState = { error?: string; fieldErrors?: FieldErrors<TUpdateResellerCustomerInput>; saved?: boolean };

export async function updateCustomerAction(customerId: string, _prev: UpdateCustomerState, formData: FormData): Promise<UpdateCustomerState> {
  const viewer = await requireReseller();
  const parsed = ZUpdateResellerCustomerSchema.safeParse({
    name: String(formData.get("name") ?? ""),
    email: String(formData.get("email") ?? ""),
    metadata: metadataRowsFromForm(formData),
  });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error) };
  try {
    await updateResellerCustomer({ resellerId: viewer.reseller.profileId }, customerId, parsed.data);
  } catch (error) {
    if (error instanceof DomainError) return { error: error.kind === "not_found" ? "This customer record no longer exists." : error.message };
    throw error;
  }
  revalidatePath(PATH);
  revalidatePath(`${PATH}/${customerId}`);
  return { saved: true };
}

export type DeleteCustomerState = { error?: string };

/** Refused with the API's sentence while services attributed to the record are live. */
export async function deleteCustomerAction(customerId: string): Promise<DeleteCustomerState> {
  const viewer = await requireReseller();
  try {
    await deleteResellerCustomer({ resellerId: viewer.reseller.profileId }, customerId);
  } catch (error) {
    if (error instanceof DomainError) return { error: error.kind === "not_found" ? "This customer record no longer exists." : error.message };
    throw error;
  }
  revalidatePath(PATH);
  redirect(`${PATH}?deleted=1`);
}

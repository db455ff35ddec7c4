"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperator } from "@/lib/auth/session";
import { createProduct, updateProduct } from "@/lib/catalogue/admin/save-product";
import { removeProductLocation, setProductLocation } from "@/lib/catalogue/admin/set-product-location";
import { removeProductOption, setProductOption } from "@/lib/catalogue/admin/set-product-option";
import { removeProductOsImage, setProductOsImage } from "@/lib/catalogue/admin/set-product-os-image";
import { getDb } from "@/lib/db/client";

const PATH = "/admin/products";

export async function createProductAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  await requireOperator();
  let id = "";
  const state = await runFormAction(formData, async (v) => {
    id = (await createProduct(getDb(), v)).id;
  });
  if (!state.ok) return state;
  revalidatePath(PATH);
  redirect(`${PATH}/${id}?created=1`);
}

export async function updateProductAction(productId: string, _prev: FormActionState, formData: FormData): Promise<FormActionState> {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    await updateProduct(getDb(), productId, v);
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${productId}`);
    return "Product saved. New quotes and the catalogue use these prices from now on.";
  });
}

function sub(productId: string, fn: (v: Record<string, string>) => Promise<unknown>, message: string) {
  return async (formData: FormData): Promise<FormActionState> => {
    await requireOperator();
    return runFormAction(formData, async (v) => {
      await fn(v);
      revalidatePath(`${PATH}/${productId}`);
      return message;
    });
  };
}

export async function setProductOptionAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (v) => setProductOption(getDb(), productId, v), "Option saved.")(formData);
}
export async function removeProductOptionAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (v) => removeProductOption(getDb(), productId, v.optionId ?? ""), "Option removed.")(formData);
}
export async function setProductLocationAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (v) => setProductLocation(getDb(), productId, v), "Location saved.")(formData);
}
export async function removeProductLocationAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (v) => removeProductLocation(getDb(), productId, v.locationId ?? ""), "Location removed.")(formData);
}
export async function setProductOsImageAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (v) => setProductOsImage(getDb(), productId, v), "OS image saved.")(formData);
}
export async function removeProductOsImageAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (v) => removeProductOsImage(getDb(), productId, v.osImageId ?? ""), "OS image removed.")(formData);
}

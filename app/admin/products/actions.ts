"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { requireOperatorContext } from "@/lib/auth/session";
import { createProduct, updateProduct } from "@/lib/catalogue/admin/save-product";
import { removeProductLocation, setProductLocation } from "@/lib/catalogue/admin/set-product-location";
import { removeProductOption, setProductOption } from "@/lib/catalogue/admin/set-product-option";
import { removeProductOsImage, setProductOsImage } from "@/lib/catalogue/admin/set-product-os-image";
import type { Db } from "@/lib/db/client";

const PATH = "/admin/products";

export async function createProductAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const ctx = await requireOperatorContext();
  let id = "";
  const state = await runFormAction(formData, async (v) => {
    id = (await createProduct(ctx, v)).id;
  });
  if (!state.ok) return state;
  revalidatePath(PATH);
  redirect(`${PATH}/${id}?created=1`);
}

export async function updateProductAction(productId: string, _prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    await updateProduct(ctx, { productId, product: v });
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${productId}`);
    return "Product saved. New quotes and the catalogue use these prices from now on.";
  });
}

function sub(productId: string, fn: (ctx: OperatorContext<Db>, v: Record<string, string>) => Promise<unknown>, message: string) {
  return async (formData: FormData): Promise<FormActionState> => {
    const ctx = await requireOperatorContext();
    return runFormAction(formData, async (v) => {
      await fn(ctx, v);
      revalidatePath(`${PATH}/${productId}`);
      return message;
    });
  };
}

export async function setProductOptionAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (ctx, v) => setProductOption(ctx, { productId, assignment: v }), "Option saved.")(formData);
}
export async function removeProductOptionAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (ctx, v) => removeProductOption(ctx, { productId, optionId: v.optionId ?? "" }), "Option removed.")(formData);
}
export async function setProductLocationAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (ctx, v) => setProductLocation(ctx, { productId, location: v }), "Location saved.")(formData);
}
export async function removeProductLocationAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (ctx, v) => removeProductLocation(ctx, { productId, locationId: v.locationId ?? "" }), "Location removed.")(formData);
}
export async function setProductOsImageAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (ctx, v) => setProductOsImage(ctx, { productId, link: v }), "OS image saved.")(formData);
}
export async function removeProductOsImageAction(productId: string, _prev: FormActionState, formData: FormData) {
  return sub(productId, (ctx, v) => removeProductOsImage(ctx, { productId, osImageId: v.osImageId ?? "" }), "OS image removed.")(formData);
}

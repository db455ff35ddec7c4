"use server";

import { revalidatePath } from "next/cache";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperatorContext } from "@/lib/auth/session";
import { saveCategory } from "@/lib/catalogue/admin/save-category";

export async function saveCategoryAction(categoryId: string | null, _prev: FormActionState, formData: FormData) {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    await saveCategory(ctx, { categoryId, category: v });
    revalidatePath("/admin/categories");
    revalidatePath("/admin/products");
    if (categoryId) revalidatePath(`/admin/categories/${categoryId}`);
    return categoryId ? "Category saved." : "Category created.";
  });
}

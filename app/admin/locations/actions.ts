"use server";

import { revalidatePath } from "next/cache";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperatorContext } from "@/lib/auth/session";
import { addIpPoolFromInput } from "@/lib/backends/ipam/add-ip-pool-from-input";

export async function addIpPoolAction(locationId: string, _prev: FormActionState, formData: FormData) {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    const { addresses } = await addIpPoolFromInput(ctx, { locationId, pool: v });
    revalidatePath(`/admin/locations/${locationId}`);
    return `Pool added with ${addresses} address${addresses === 1 ? "" : "es"}.`;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperator } from "@/lib/auth/session";
import { addIpPoolFromInput } from "@/lib/backends/ipam/add-ip-pool-from-input";
import { getDb } from "@/lib/db/client";

export async function addIpPoolAction(locationId: string, _prev: FormActionState, formData: FormData) {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    const { addresses } = await addIpPoolFromInput(getDb(), locationId, v);
    revalidatePath(`/admin/locations/${locationId}`);
    return `Pool added with ${addresses} address${addresses === 1 ? "" : "es"}.`;
  });
}

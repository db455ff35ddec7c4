"use server";

import { revalidatePath } from "next/cache";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperatorContext } from "@/lib/auth/session";
import { addIpPoolFromInput } from "@/lib/backends/ipam/add-ip-pool-from-input";
import { formatCount } from "@/lib/format/format-count";

export async function addIpPoolAction(locationId: string, _prev: FormActionState, formData: FormData) {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    const { pool, addresses } = await addIpPoolFromInput(ctx, { locationId, pool: v });
    revalidatePath(`/admin/locations/${locationId}`);
    if (pool.version === 6) return `Pool added with ${formatCount(addresses, `/${pool.prefixLength} prefix`, `/${pool.prefixLength} prefixes`)}.`;
    return `Pool added with ${formatCount(addresses, "address", "addresses")}.`;
  });
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperatorContext } from "@/lib/auth/session";
import { addServerFromInput } from "@/lib/backends/nodes/add-server-from-input";
import { createNodeFromInput, updateNode } from "@/lib/backends/nodes/save-node";

const PATH = "/admin/nodes";

export async function createNodeAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const ctx = await requireOperatorContext();
  const state = await runFormAction(formData, async (v) => {
    await createNodeFromInput(ctx, v);
  });
  if (!state.ok) return state;
  revalidatePath(PATH);
  redirect(`${PATH}?created=1`);
}

export async function updateNodeAction(nodeId: string, _prev: FormActionState, formData: FormData) {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    await updateNode(ctx, { nodeId, node: v });
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${nodeId}`);
    return "Node saved. Placement and availability use it from now on.";
  });
}

export async function addServerAction(nodeId: string, _prev: FormActionState, formData: FormData) {
  const ctx = await requireOperatorContext();
  return runFormAction(formData, async (v) => {
    await addServerFromInput(ctx, { nodeId, server: v });
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${nodeId}`);
    return "Server added to stock.";
  });
}

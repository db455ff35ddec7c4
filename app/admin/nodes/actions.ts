"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperator } from "@/lib/auth/session";
import { addServerFromInput } from "@/lib/backends/nodes/add-server-from-input";
import { createNodeFromInput, updateNode } from "@/lib/backends/nodes/save-node";
import { getDb } from "@/lib/db/client";

const PATH = "/admin/nodes";

export async function createNodeAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  await requireOperator();
  const state = await runFormAction(formData, async (v) => {
    await createNodeFromInput(getDb(), v);
  });
  if (!state.ok) return state;
  revalidatePath(PATH);
  redirect(`${PATH}?created=1`);
}

export async function updateNodeAction(nodeId: string, _prev: FormActionState, formData: FormData) {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    await updateNode(getDb(), nodeId, v);
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${nodeId}`);
    return "Node saved. Placement and availability use it from now on.";
  });
}

export async function addServerAction(nodeId: string, _prev: FormActionState, formData: FormData) {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    await addServerFromInput(getDb(), nodeId, v);
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${nodeId}`);
    return "Server added to stock.";
  });
}

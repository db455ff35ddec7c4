"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { runFormAction, type FormState } from "@/lib/admin/form-state";
import { requireOperator } from "@/lib/auth/session";
import { addServerFromInput } from "@/lib/backends/nodes/add-server-from-input";
import { createNodeFromInput, updateNode } from "@/lib/backends/nodes/save-node";
import { getDb } from "@/lib/db/client";

const PATH = "/admin/nodes";

export async function createNodeAction(_prev: FormState, formData: FormData): Promise<FormState> {
  await requireOperator();
  const state = await runFormAction(formData, async (v) => {
    await createNodeFromInput(getDb(), v);
  });
  if (state.error) return state;
  revalidatePath(PATH);
  redirect(`${PATH}?created=1`);
}

export async function updateNodeAction(nodeId: string, _prev: FormState, formData: FormData) {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    await updateNode(getDb(), nodeId, v);
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${nodeId}`);
    return "Node saved. Placement and availability use it from now on.";
  });
}

export async function addServerAction(nodeId: string, _prev: FormState, formData: FormData) {
  await requireOperator();
  return runFormAction(formData, async (v) => {
    await addServerFromInput(getDb(), nodeId, v);
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${nodeId}`);
    return "Server added to stock.";
  });
}

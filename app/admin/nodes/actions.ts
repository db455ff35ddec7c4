"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";
import { runFormAction } from "@/lib/admin/form-state";
import { requireOperatorContext } from "@/lib/auth/session";
import { addServerFromInput } from "@/lib/backends/nodes/add-server-from-input";
import { checkGameNodeConnection, type GameNodeCheck } from "@/lib/backends/nodes/check-game-node";
import { createGameNodeFromInput, updateGameNode } from "@/lib/backends/nodes/save-game-node";
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

/** A refused game node form comes back without the token: it is typed once and never sent out again. */
function withoutToken(state: ActionResult): ActionResult {
  if (state.ok || !state.values) return state;
  const { token: _token, ...values } = state.values;
  return { ...state, values };
}

export async function createGameNodeAction(_prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const ctx = await requireOperatorContext();
  const state = await runFormAction(formData, async (v) => {
    await createGameNodeFromInput(ctx, v);
  });
  if (!state.ok) return withoutToken(state);
  revalidatePath(PATH);
  redirect(`${PATH}?created=game`);
}

export async function updateGameNodeAction(nodeId: string, _prev: FormActionState, formData: FormData): Promise<FormActionState> {
  const ctx = await requireOperatorContext();
  const state = await runFormAction(formData, async (v) => {
    await updateGameNode(ctx, { nodeId, node: v });
    revalidatePath(PATH);
    revalidatePath(`${PATH}/${nodeId}`);
    return "Game node saved. New game servers are placed with these settings.";
  });
  return withoutToken(state);
}

export async function checkGameNodeAction(nodeId: string, _prev: GameNodeCheck | null, _formData: FormData): Promise<GameNodeCheck> {
  const ctx = await requireOperatorContext();
  return checkGameNodeConnection(ctx, nodeId);
}

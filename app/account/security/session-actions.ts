"use server";

import { revalidatePath } from "next/cache";
import { signOutOtherSessions, signOutSession } from "@/lib/auth/sessions/user-sessions";
import { requireOwnSignIn } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";

const PATH = "/account/security";

async function sessionContext() {
  const viewer = await requireOwnSignIn(PATH);
  return { db: getDb(), now: new Date(), actor: { userId: viewer.user.id, sessionId: viewer.sessionId } };
}

/** Ends one other session; one that already ended is simply gone from the list when the page comes back. */
export async function signOutSessionAction(sessionId: string): Promise<void> {
  try {
    await signOutSession(await sessionContext(), { sessionId });
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== "not_found") throw error;
  }
  revalidatePath(PATH);
}

export async function signOutOtherSessionsAction(): Promise<void> {
  await signOutOtherSessions(await sessionContext());
  revalidatePath(PATH);
}

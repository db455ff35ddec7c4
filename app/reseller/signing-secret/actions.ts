"use server";

import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireReseller } from "@/lib/auth/session";
import { revealSigningSecret } from "@/lib/resellers/signing-secret/reveal-signing-secret";
import { rotateSigningSecret } from "@/lib/resellers/signing-secret/rotate-signing-secret";
import type { SigningSecretContext } from "@/lib/resellers/signing-secret/signing-secret-actor";
import { getDb } from "@/lib/db/client";

const LOG = { log: "[reseller portal] signing secret action failed" };

/** The signed-in reseller's signing secret context. */
async function context(): Promise<SigningSecretContext> {
  const viewer = await requireReseller();
  return { db: getDb(), now: new Date(), actor: { resellerId: viewer.reseller.profileId } };
}

/** The current secret, only when asked for: it is not part of the page's HTML. */
export async function revealSigningSecretAction(): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    return { data: { secret: await revealSigningSecret(await context()) } };
  }, LOG);
}

export async function rotateSigningSecretAction(): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const { signingSecret } = await rotateSigningSecret(await context());

    return { data: { secret: signingSecret } };
  }, LOG);
}

"use server";

import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireReseller } from "@/lib/auth/session";
import { revealSigningSecret } from "@/lib/resellers/signing-secret/reveal-signing-secret";
import { rotateSigningSecret } from "@/lib/resellers/signing-secret/rotate-signing-secret";
import { getDb } from "@/lib/db/client";

const LOG = { log: "[reseller portal] signing secret action failed" };

/** The current secret, only when asked for: it is not part of the page's HTML. */
export async function revealSigningSecretAction(): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const viewer = await requireReseller();

    return { data: { secret: await revealSigningSecret({ resellerId: viewer.reseller.profileId }, { db: getDb() }) } };
  }, LOG);
}

export async function rotateSigningSecretAction(): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const viewer = await requireReseller();
    const { signingSecret } = await rotateSigningSecret({ resellerId: viewer.reseller.profileId }, { db: getDb() });

    return { data: { secret: signingSecret } };
  }, LOG);
}

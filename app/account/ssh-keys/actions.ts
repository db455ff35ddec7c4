"use server";

import { createSshKey, deleteSshKey } from "@/lib/accounts/account-ssh-keys";
import { requireCustomerFor } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import type { ActionResult } from "@/lib/actions/action-result";
import { runPageAction } from "@/lib/actions/run-page-action";
import { DomainError } from "@/lib/errors/domain-error";

const PATH = "/account/ssh-keys";

/** Saving and deleting keys: `sshKeys:manage` of the access table, as `POST /ssh-keys` (services.manage or services.power). */
async function context() {
  const { viewer, customer } = await requireCustomerFor({
    change: true,
    may: "sshKeys:manage",
    refusal: "Managing SSH keys needs the services.manage permission on this account",
  });
  return { db: getDb(), now: new Date(), actor: { accountId: customer.accountId, userId: viewer.user.id } };
}

/** Runs the body, then renders the keys page again. */
const run = (fn: () => Promise<string>): Promise<ActionResult> => runPageAction(PATH, fn, { log: "[panel] SSH key action failed" });

export async function addSshKeyAction(input: { name: string; publicKey: string; projectId: string }): Promise<ActionResult> {
  return run(async () => {
    const a = await context();
    if (input.name.length > 100) throw new DomainError("invalid", "At most 100 characters", { details: [{ field: "name", message: "At most 100 characters" }] });
    const key = await createSshKey(a, { name: input.name, publicKey: input.publicKey, projectId: input.projectId || null });
    return `SSH key ${key.name} saved`;
  });
}

export async function deleteSshKeyAction(id: string): Promise<ActionResult> {
  return run(async () => {
    await deleteSshKey(await context(), { id });
    return "SSH key deleted";
  });
}

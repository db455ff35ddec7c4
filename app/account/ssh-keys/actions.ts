"use server";

import { assertActorWritable, canAny } from "@/lib/accounts/account-permissions";
import { revalidatePath } from "next/cache";
import { createSshKey, deleteSshKey } from "@/lib/accounts/account-ssh-keys";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";

export type SshKeyActionResult = { ok: true; message: string } | { ok: false; error: string; field?: string };

const PATH = "/account/ssh-keys";

/** Saving and deleting keys needs what the API's `services` scope needs: services.manage or services.power. */
async function actor() {
  const viewer = await requireCustomer();
  if (!viewer.customer) throw new DomainError("forbidden", "Your sign-in is not linked to a customer account");
  assertActorWritable(viewer.customer);
  if (!canAny(viewer.customer, ["services.manage", "services.power"])) {
    throw new DomainError("forbidden", "Managing SSH keys needs the services.manage permission on this account");
  }
  return { accountId: viewer.customer.accountId, userId: viewer.user.id };
}

async function run(fn: () => Promise<string>): Promise<SshKeyActionResult> {
  try {
    const message = await fn();
    revalidatePath(PATH);
    return { ok: true, message };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: error.message, field: error.details?.[0]?.field };
    console.error("[panel] SSH key action failed", error);
    return { ok: false, error: "Something went wrong on our side. Try again in a moment." };
  }
}

export async function addSshKeyAction(input: { name: string; publicKey: string; projectId: string }): Promise<SshKeyActionResult> {
  return run(async () => {
    const a = await actor();
    if (input.name.length > 100) throw new DomainError("invalid", "At most 100 characters", { details: [{ field: "name", message: "At most 100 characters" }] });
    const key = await createSshKey(a, { name: input.name, publicKey: input.publicKey, projectId: input.projectId || null }, { db: getDb() });
    return `SSH key ${key.name} saved`;
  });
}

export async function deleteSshKeyAction(id: string): Promise<SshKeyActionResult> {
  return run(async () => {
    await deleteSshKey(await actor(), id, { db: getDb() });
    return "SSH key deleted";
  });
}

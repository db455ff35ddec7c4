import type { DbOrTx } from "@/lib/db/client";

export interface AccountSshKey {
  id: string;
  name: string;
  fingerprint: string;
  type: string;
}

/** The SSH keys saved on an account (offered when ordering a server), by name. Never the key body. */
export async function listAccountSshKeys(actor: { accountId: string }, options: { db: DbOrTx }): Promise<AccountSshKey[]> {
  const { db } = options;
  return db.sshKey.findMany({
    where: { accountId: actor.accountId },
    orderBy: [{ name: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, fingerprint: true, type: true },
  });
}

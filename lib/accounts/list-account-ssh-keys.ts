import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";

/**
 * Whose keys are offered: the account's, all of them. Projects scope keys for management only
 * (account-ssh-keys.ts); a server receives every key of the account.
 */
export interface AccountSshKeysActor {
  accountId: string;
}

/** The context listAccountSshKeys takes first (lib/db/domain-context.ts). */
export type AccountSshKeysContext<D extends DbOrTx = DbOrTx> = DomainContext<AccountSshKeysActor, D>;

export interface AccountSshKey {
  id: string;
  name: string;
  fingerprint: string;
  type: string;
}

/** The SSH keys saved on an account (offered when ordering a server), by name. Never the key body. */
export async function listAccountSshKeys({ db, actor }: AccountSshKeysContext): Promise<AccountSshKey[]> {
  return db.sshKey.findMany({
    where: { accountId: actor.accountId },
    orderBy: [{ name: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, fingerprint: true, type: true },
  });
}

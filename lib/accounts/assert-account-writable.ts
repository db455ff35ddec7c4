import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { accountSuspendedError, isAccountWritable } from "./account-permissions";

/**
 * Refuses a change to a suspended account's resources (403, code ACCOUNT_SUSPENDED). Domain
 * functions that change what a customer account holds call it themselves, so the panel, the API
 * and background callers meet the same rule whatever checked before them.
 */
export async function assertAccountWritable(db: DbOrTx, accountId: string): Promise<void> {
  const account = await db.clientAccount.findUnique({ where: { id: accountId }, select: { status: true } });
  if (!account) throw new DomainError("not_found", "Account not found");
  if (!isAccountWritable(account.status)) throw accountSuspendedError(account.status);
}

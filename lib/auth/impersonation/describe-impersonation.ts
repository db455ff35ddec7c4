import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";

export type ViewerImpersonation = { id: string; operatorEmail: string; accountId: string; accountName: string; expiresAt: Date };

/** What the banner of a customer view says: who is looking, at which account, until when. */
export async function describeImpersonation(db: DbOrTx, id: string): Promise<ViewerImpersonation | null> {
  const row = await db.impersonation.findUnique({
    where: { id },
    select: { id: true, expiresAt: true, accountId: true, operator: { select: { email: true } }, account: { select: { name: true } } },
  });
  return row ? { id: row.id, operatorEmail: row.operator.email, accountId: row.accountId, accountName: row.account.name, expiresAt: row.expiresAt } : null;
}

/**
 * Refuses what an operator looking as a customer must not do: change the person's own sign-in
 * (password, two-factor, sessions). Support sees and acts on the account; the credentials stay the
 * customer's.
 */
export function assertNotImpersonating(viewer: { impersonation: ViewerImpersonation | null }, what = "change this person's sign-in settings"): void {
  if (viewer.impersonation) throw new DomainError("forbidden", `Signed in as a customer for support, you cannot ${what}.`);
}

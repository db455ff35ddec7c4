import type { CreditContext } from "@/lib/billing/resolve-credit-account";
import type { AccountStatus } from "@/lib/generated/prisma/enums";
import { getCreditBalance, type CreditBalance } from "./get-credit-balance";

export interface AccountProfile {
  id: string;
  name: string;
  company: string | null;
  country: string;
  currency: string;
  vatNumber: string | null;
  status: AccountStatus;
  createdAt: Date;
  /** The caller's own credit (see getCreditBalance). */
  credit: CreditBalance;
}

/** The account an API key or panel session acts on, with the caller's own credit balance. */
export async function getAccountProfile(ctx: CreditContext): Promise<AccountProfile> {
  const { db, actor } = ctx;
  const [account, credit] = await Promise.all([
    db.clientAccount.findUniqueOrThrow({
      where: { id: actor.accountId },
      select: { id: true, name: true, company: true, country: true, currency: true, vatNumber: true, status: true, createdAt: true },
    }),
    getCreditBalance(ctx),
  ]);
  return { ...account, credit };
}

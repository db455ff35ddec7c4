import type { DomainContext } from "@/lib/db/domain-context";
import type { AccountStatus } from "@/lib/generated/prisma/enums";
import { listAccountCurrencies } from "../account-currencies";
import { isAccountWritable } from "../account-permissions";
import { hasBillingHistory } from "./has-billing-history";
import type { AccountDetails } from "./update-account-profile";

/** The signed-in user and, when the panel shows them a customer account, that account. */
export type ProfileContext = DomainContext<{ userId: string; accountId: string | null }>;

export interface Profile {
  name: string;
  email: string;
  /** The customer account, or null for a user without one (an operator, for instance). */
  account: (AccountDetails & {
    status: AccountStatus;
    /** Whether the user owns the account. */
    owner: boolean;
    /** Only the owner of an active account may change the details; a member sees them read-only. */
    editable: boolean;
    /** Whether the currency may still change (nothing billed yet). */
    currencyChangeable: boolean;
    /** The currencies the select offers when it may change. */
    currencies: string[];
  }) | null;
}

/** What the profile page shows. */
export async function getProfile({ db, actor }: ProfileContext): Promise<Profile> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { name: true, email: true } });
  if (!actor.accountId) return { ...user, account: null };
  const account = await db.clientAccount.findUnique({
    where: { id: actor.accountId },
    select: { ownerId: true, status: true, name: true, company: true, country: true, currency: true, vatNumber: true, members: { where: { userId: actor.userId }, select: { id: true } } },
  });
  if (!account || account.status === "closed" || (account.ownerId !== actor.userId && account.members.length === 0)) return { ...user, account: null };

  const { ownerId, members: _members, ...details } = account;
  const owner = ownerId === actor.userId;
  const editable = owner && isAccountWritable(details.status);
  const currencyChangeable = editable && !(await hasBillingHistory(db, actor.accountId));
  const listed = currencyChangeable ? await listAccountCurrencies({ db }) : [];
  const currencies = listed.includes(details.currency) ? listed : [details.currency, ...listed];
  return { ...user, account: { ...details, owner, editable, currencyChangeable, currencies } };
}

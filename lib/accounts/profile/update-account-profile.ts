import type { z } from "zod";
import { parseActionInput } from "@/lib/actions/action-result";
import type { TransactingContext } from "@/lib/db/domain-context";
import { DomainError } from "@/lib/errors/domain-error";
import { listAccountCurrencies } from "../account-currencies";
import { accountSuspendedError, isAccountWritable } from "../account-permissions";
import { ZSignUpSchema } from "../sign-up/sign-up-schema";
import { hasBillingHistory } from "./has-billing-history";

/** The account's details as sign-up asks for them, with sign-up's rules (company, country, VAT number, currency). */
export const ZAccountProfile = ZSignUpSchema.pick({ company: true, country: true, currency: true, vatNumber: true });
export type TAccountProfileInput = z.input<typeof ZAccountProfile>;

export const ONLY_THE_OWNER_EDITS = "Only the account owner can change the account's details.";
export const CURRENCY_LOCKED = "The currency cannot change: the account has already been billed in it (orders, invoices, payments or credit).";
export const UNKNOWN_CURRENCY = "Choose one of the listed currencies.";

/** The signed-in user and the customer account the panel shows them. */
export type AccountProfileContext = TransactingContext<{ userId: string; accountId: string }>;

export interface AccountDetails {
  name: string;
  company: string | null;
  country: string;
  currency: string;
  vatNumber: string | null;
}

/**
 * The owner changes the account's company, country, VAT number and currency; anyone else is refused
 * (403, checked against the account row, not the membership). The account's name follows the
 * sign-up rule: the company, or the owner's name without one. A new currency is accepted only while
 * nothing has been billed (hasBillingHistory) and only if it is one the account may be billed in.
 * The account row is locked first (`FOR NO KEY UPDATE`, as order placement does, lib/orders/order-writes.ts),
 * so no order can slip in between the check and the change.
 */
export async function updateAccountProfile(ctx: AccountProfileContext, raw: TAccountProfileInput): Promise<AccountDetails> {
  const input = parseActionInput(ZAccountProfile, raw);
  const { actor } = ctx;
  return ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "ClientAccount" WHERE "id" = ${actor.accountId}::uuid FOR NO KEY UPDATE`;
    const account = await tx.clientAccount.findUnique({
      where: { id: actor.accountId },
      select: { ownerId: true, status: true, currency: true, owner: { select: { name: true } } },
    });
    if (!account || account.ownerId !== actor.userId || account.status === "closed") throw new DomainError("forbidden", ONLY_THE_OWNER_EDITS);
    if (!isAccountWritable(account.status)) throw accountSuspendedError(account.status);

    if (input.currency !== account.currency) {
      if (await hasBillingHistory(tx, actor.accountId)) throw new DomainError("conflict", CURRENCY_LOCKED, { details: [{ field: "currency", message: CURRENCY_LOCKED }] });
      if (!(await listAccountCurrencies({ db: tx })).includes(input.currency)) throw new DomainError("invalid", UNKNOWN_CURRENCY, { details: [{ field: "currency", message: UNKNOWN_CURRENCY }] });
    }

    return tx.clientAccount.update({
      where: { id: actor.accountId },
      data: { company: input.company, country: input.country, currency: input.currency, vatNumber: input.vatNumber, name: input.company ?? account.owner.name },
      select: { name: true, company: true, country: true, currency: true, vatNumber: true },
    });
  });
}

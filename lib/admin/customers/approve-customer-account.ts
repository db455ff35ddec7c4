import { z } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import { queueEmail } from "@/lib/mail/queue-email";
import { parseInput, zOptionalText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { transitionCustomerAccount, type AccountTransition } from "./transition-customer-account";

export const APPROVAL_NOTE_MAX = 200;

const APPROVE: AccountTransition = {
  from: "pending",
  to: "active",
  action: "customer.account_approved",
  already: "The account is already approved.",
  closed: "A closed account cannot be approved.",
};

const FIELDS = z.object({ reason: zOptionalText(APPROVAL_NOTE_MAX) });

/**
 * pending → active: a sign-up the operator approves (docs/accounts.md#approval). The owner is told by
 * email in the same transaction, so the message goes if and only if the approval commits, and once
 * (the transition's conditional update lets one of two operators through).
 */
export async function approveCustomerAccount(ctx: OperatorContext<Db> & { origin: string }, input: { accountId: string; reason?: string }) {
  const { reason } = parseInput(FIELDS, input);
  return transitionCustomerAccount(ctx, {
    accountId: input.accountId,
    transition: APPROVE,
    reason,
    then: (tx) => emailOwner(tx, input.accountId, ctx.now, (owner) => ({ template: "account-approved", data: { name: owner.name, signInUrl: `${ctx.origin}/login` } })),
  });
}

type OwnerEmail = { template: "account-approved"; data: { name: string; signInUrl: string } } | { template: "sign-up-declined"; data: { name: string; reason: string } };

/** Queues one email to the account's owner about the account's review (keyed on the account and template: never twice). */
export async function emailOwner(tx: Tx, accountId: string, now: Date, build: (owner: { name: string }) => OwnerEmail): Promise<void> {
  const account = await tx.clientAccount.findUniqueOrThrow({ where: { id: accountId }, select: { owner: { select: { id: true, name: true, email: true } } } });
  const message = build(account.owner);
  await queueEmail(tx, { dedupeKey: `account-review:${accountId}:${message.template}`, ...message, to: account.owner.email, accountId, userId: account.owner.id, now } as Parameters<typeof queueEmail>[1]);
}

import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { parseInput, zText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { APPROVAL_NOTE_MAX, emailOwner } from "./approve-customer-account";
import { transitionCustomerAccount, type AccountTransition } from "./transition-customer-account";

const DECLINE: AccountTransition = {
  from: "pending",
  to: "closed",
  action: "customer.account_declined",
  already: "The account is already closed.",
  closed: "The account is already closed.",
};

const FIELDS = z.object({ reason: zText("reason", APPROVAL_NOTE_MAX) });

/**
 * pending → closed: a sign-up the operator does not accept, for a reason (required) the owner is told
 * by email and the audit log keeps. A pending account holds nothing (it could not order), so closing
 * it loses nothing; the person can still sign in, with no account to reach.
 */
export async function declineCustomerAccount(ctx: OperatorContext<Db>, input: { accountId: string; reason: string }) {
  const { reason } = parseInput(FIELDS, input);
  return transitionCustomerAccount(ctx, {
    accountId: input.accountId,
    transition: DECLINE,
    reason,
    then: (tx) => emailOwner(tx, input.accountId, ctx.now, (owner) => ({ template: "sign-up-declined", data: { name: owner.name, reason: reason ?? "" } })),
  });
}

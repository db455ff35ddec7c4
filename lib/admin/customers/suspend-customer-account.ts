import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { parseInput, zText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { transitionCustomerAccount, type AccountTransition } from "./transition-customer-account";

export const SUSPEND_REASON_MAX = 200;

const SUSPEND: AccountTransition = {
  from: "active",
  to: "suspended",
  action: "customer.account_suspended",
  already: "The account is already suspended.",
  closed: "A closed account cannot be suspended.",
};

const FIELDS = z.object({ reason: zText("reason", SUSPEND_REASON_MAX) });

/**
 * active → suspended, for a reason (required; kept in the audit log). A suspended account is
 * read-only for its people and keys (docs/decisions.md#r2); its services are not touched.
 */
export async function suspendCustomerAccount(ctx: OperatorContext<Db>, input: { accountId: string; reason: string }) {
  const { reason } = parseInput(FIELDS, input);
  return transitionCustomerAccount(ctx, { accountId: input.accountId, transition: SUSPEND, reason });
}

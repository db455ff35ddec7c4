import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { parseInput, zOptionalText } from "../form-input";
import type { OperatorContext } from "../operator-context";
import { SUSPEND_REASON_MAX } from "./suspend-customer-account";
import { transitionCustomerAccount, type AccountTransition } from "./transition-customer-account";

const UNSUSPEND: AccountTransition = {
  from: "suspended",
  to: "active",
  action: "customer.account_unsuspended",
  already: "The account is not suspended.",
  closed: "A closed account cannot be unsuspended.",
};

const FIELDS = z.object({ reason: zOptionalText(SUSPEND_REASON_MAX) });

/** suspended → active; a note (optional) goes to the audit log. The account's people may change things again at once. */
export async function unsuspendCustomerAccount(ctx: OperatorContext<Db>, input: { accountId: string; reason?: string }) {
  const { reason } = parseInput(FIELDS, input);
  return transitionCustomerAccount(ctx, { accountId: input.accountId, transition: UNSUSPEND, reason });
}

"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { requireOperator } from "@/lib/auth/session";
import { getDb, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveUpgradeByOperator, type OperatorUpgradeDecision } from "@/lib/services/changes/operator-upgrades";

const DECISIONS = new Set<OperatorUpgradeDecision>(["retry", "complete", "cancel"]);

export async function resolveUpgradeAction(upgradeId: string, decision: string): Promise<ActionResult> {
  return runAction(async () => {
    const operator = await requireOperator();
    if (!DECISIONS.has(decision as OperatorUpgradeDecision)) throw new DomainError("invalid", "Unknown decision");
    const ctx: OperatorContext<Db> = { db: getDb(), now: new Date(), actor: { userId: operator.user.id } };
    const r = await resolveUpgradeByOperator(ctx, { upgradeId, decision: decision as OperatorUpgradeDecision });
    revalidatePath("/admin/upgrades");
    return r.status === "executing"
      ? "Sent back to be carried out again"
      : r.status === "completed"
        ? "Marked done: the service is on its new plan"
        : r.refunded
          ? `Cancelled; ${r.refunded} refunded to the account's credit`
          : "Cancelled; nothing was charged, so nothing was refunded";
  }, { log: "[admin] upgrade decision failed" });
}

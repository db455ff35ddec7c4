"use server";

import { revalidatePath } from "next/cache";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { resolveUpgradeByOperator, type OperatorUpgradeDecision } from "@/lib/services/changes/operator-upgrades";

export type UpgradeDecisionResult = { ok: true; message: string } | { ok: false; error: string };

const DECISIONS = new Set<OperatorUpgradeDecision>(["retry", "complete", "cancel"]);

export async function resolveUpgradeAction(upgradeId: string, decision: string): Promise<UpgradeDecisionResult> {
  await requireOperator();
  if (!DECISIONS.has(decision as OperatorUpgradeDecision)) return { ok: false, error: "Unknown decision" };
  try {
    const r = await resolveUpgradeByOperator(getDb(), upgradeId, decision as OperatorUpgradeDecision, new Date());
    revalidatePath("/admin/upgrades");
    const message =
      r.status === "executing"
        ? "Sent back to be carried out again"
        : r.status === "completed"
          ? "Marked done: the service is on its new plan"
          : r.refunded
            ? `Cancelled; ${r.refunded} refunded to the account's credit`
            : "Cancelled; nothing was charged, so nothing was refunded";
    return { ok: true, message };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: error.message };
    throw error;
  }
}

import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";
import type { ResellerProfileStatus } from "@/lib/generated/prisma/client";

export type ResellerStatusAction = "approve" | "suspend" | "reactivate" | "close";

/**
 * The profile's state machine (reseller-api "Reseller profile"): pending → active (approve),
 * active → suspended (suspend), suspended → active (reactivate); any open profile can be closed.
 * The change is a conditional update on the expected status, so two operators clicking at once
 * cannot both apply a transition.
 */
export const RESELLER_TRANSITIONS: Record<ResellerStatusAction, { from: ResellerProfileStatus[]; to: ResellerProfileStatus }> = {
  approve: { from: ["pending"], to: "active" },
  suspend: { from: ["active"], to: "suspended" },
  reactivate: { from: ["suspended"], to: "active" },
  close: { from: ["pending", "active", "suspended"], to: "closed" },
};

export function allowedResellerActions(status: ResellerProfileStatus): ResellerStatusAction[] {
  return (Object.keys(RESELLER_TRANSITIONS) as ResellerStatusAction[]).filter((a) => RESELLER_TRANSITIONS[a].from.includes(status));
}

/** Applies one transition at `ctx.now`: 404 for an unknown reseller, 409 when its status does not allow the action. */
export async function changeResellerStatus({ db, now }: OperatorContext, { resellerId, action }: { resellerId: string; action: ResellerStatusAction }) {
  const transition = RESELLER_TRANSITIONS[action];
  if (!transition) throw new DomainError("invalid", "Unknown action");
  const stamp =
    action === "approve" ? { approvedAt: now } : action === "suspend" ? { suspendedAt: now } : action === "close" ? { closedAt: now } : { suspendedAt: null };
  const updated = await db.resellerProfile.updateMany({
    where: { id: resellerId, status: { in: transition.from } },
    data: { status: transition.to, ...stamp },
  });
  if (updated.count === 0) {
    const current = await db.resellerProfile.findUnique({ where: { id: resellerId }, select: { status: true } });
    if (!current) throw new DomainError("not_found", "Reseller not found");
    throw new DomainError("conflict", `Cannot ${action} a reseller that is ${current.status}.`);
  }
  return db.resellerProfile.findUniqueOrThrow({ where: { id: resellerId } });
}

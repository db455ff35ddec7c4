import type { Prisma } from "@/lib/generated/prisma/client";
import { ACCOUNT_PERMISSIONS, type AccountPermission } from "../account-permissions";

/** What a team invitation's token carries until it is accepted (EmailToken.payload). */
export interface TeamInvitationPayload {
  permissions: AccountPermission[];
  /** The owner who sent it. */
  invitedBy: string | null;
}

/** The payload as stored; anything it does not recognise grants nothing. */
export function teamInvitationPayload(json: Prisma.JsonValue): TeamInvitationPayload {
  const o = json && typeof json === "object" && !Array.isArray(json) ? (json as Prisma.JsonObject) : {};
  const listed = Array.isArray(o.permissions) ? o.permissions.filter((p): p is string => typeof p === "string") : [];
  return {
    permissions: ACCOUNT_PERMISSIONS.filter((p) => listed.includes(p)),
    invitedBy: typeof o.invitedBy === "string" ? o.invitedBy : null,
  };
}

/** Only the permissions the list knows, in its order (a stored list may hold stale strings). */
export function knownPermissions(values: readonly string[]): AccountPermission[] {
  return ACCOUNT_PERMISSIONS.filter((p) => values.includes(p));
}

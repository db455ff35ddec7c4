"use server";

import { runAction, type ActionResult, type FormActionState } from "@/lib/actions/action-result";
import { runPageAction } from "@/lib/actions/run-page-action";
import { inviteTeamMember } from "@/lib/accounts/team/invite-team-member";
import { removeTeamMember } from "@/lib/accounts/team/remove-team-member";
import { revokeInvitation } from "@/lib/accounts/team/revoke-invitation";
import type { TeamActor } from "@/lib/accounts/team/team-actor";
import { updateMemberPermissions } from "@/lib/accounts/team/update-member-permissions";
import { requireCustomerFor } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { formatCount } from "@/lib/format/format-count";
import { requestEmailSend } from "@/lib/mail/request-email-send";
import { publicOrigin } from "@/lib/platform/public-origin";
import { revalidatePath } from "next/cache";

const PATH = "/team";

/** The signed-in user and their membership; the domain refuses anyone but the owner. */
async function actor(): Promise<TeamActor> {
  const { viewer, customer } = await requireCustomerFor({});
  return { userId: viewer.user.id, membership: customer };
}

export async function inviteTeamMemberAction(_prev: FormActionState, form: FormData): Promise<ActionResult> {
  const email = String(form.get("email") ?? "");
  const permissions = form.getAll("permissions").map(String);
  return runAction(
    async () => {
      const invited = await inviteTeamMember({ db: getDb(), now: new Date(), origin: publicOrigin() }, await actor(), { email, permissions });
      // After the commit: the scheduled sweep would send it within the minute anyway.
      await requestEmailSend();
      revalidatePath(PATH);
      return invited.replaced ? `A new invitation is on its way to ${invited.email}; the earlier link no longer works.` : `Invitation sent to ${invited.email}.`;
    },
    { log: "[panel] team invitation failed", values: { email, permissions: permissions.join(" ") } },
  );
}

export async function updateMemberPermissionsAction(memberId: string, permissions: string[]): Promise<ActionResult> {
  return runPageAction(PATH, async () => {
    const updated = await updateMemberPermissions({ db: getDb(), now: new Date() }, await actor(), { memberId, permissions });
    return `${updated.name || updated.email}'s permissions are saved.`;
  }, { log: "[panel] team permissions change failed" });
}

export async function removeTeamMemberAction(memberId: string): Promise<ActionResult> {
  return runPageAction(PATH, async () => {
    const removed = await removeTeamMember({ db: getDb(), now: new Date() }, await actor(), { memberId });
    const keys = removed.revokedKeys > 0 ? ` ${formatCount(removed.revokedKeys, "API key")} revoked.` : "";
    return `${removed.name || removed.email} is no longer on the team.${keys}`;
  }, { log: "[panel] team member removal failed" });
}

export async function revokeInvitationAction(invitationId: string): Promise<ActionResult> {
  return runPageAction(PATH, async () => {
    const revoked = await revokeInvitation({ db: getDb(), now: new Date() }, await actor(), { invitationId });
    return `The invitation to ${revoked.email} is withdrawn.`;
  }, { log: "[panel] team invitation revocation failed" });
}

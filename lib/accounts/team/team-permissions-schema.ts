import { z } from "zod";
import { ACCOUNT_PERMISSIONS, type AccountPermission } from "../account-permissions";

// Shared by the team page's forms and the domain functions that receive them.

export const CHOOSE_A_PERMISSION = "Choose at least one permission.";

/** A member's permissions: known ones only, at least one, each once, in the list's order. */
export const ZTeamPermissions = z
  .array(z.enum(ACCOUNT_PERMISSIONS, { error: (issue) => `“${String(issue.input)}” is not a permission.` }), { error: CHOOSE_A_PERMISSION })
  .min(1, CHOOSE_A_PERMISSION)
  .transform((values): AccountPermission[] => ACCOUNT_PERMISSIONS.filter((p) => values.includes(p)));

export const ZInviteTeamMemberSchema = z.object({
  email: z
    .string({ error: "Enter an email address." })
    .trim()
    .min(1, "Enter an email address.")
    .max(320, "That email address is too long.")
    .pipe(z.email("Enter a valid email address."))
    .transform((v) => v.toLowerCase()),
  permissions: ZTeamPermissions,
});
/** As a form sends it: any strings, checked by the schema. */
export type TInviteTeamMemberInput = { email: string; permissions: readonly string[] };

export const ZUpdateMemberPermissionsSchema = z.object({ memberId: z.uuid("That team member is no longer on the team."), permissions: ZTeamPermissions });
export type TUpdateMemberPermissionsInput = { memberId: string; permissions: readonly string[] };

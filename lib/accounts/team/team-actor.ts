import type { CustomerMembership } from "@/lib/auth/resolve-areas";

/** Who manages a team: the signed-in user and the membership the panel resolved for them this request. */
export interface TeamActor {
  userId: string;
  membership: Pick<CustomerMembership, "accountId" | "role">;
}

/** The refusal of every team change by anyone but the account owner (docs/accounts.md#teams). */
export const ONLY_THE_OWNER = "Only the account owner can manage the team.";

/** How long an operator may look at the panel as a customer before the view ends by itself. */
export const IMPERSONATION_TTL_MS = 60 * 60_000;
/** A started impersonation must be taken up by the operator's session within this time. */
export const IMPERSONATION_CLAIM_MS = 2 * 60_000;

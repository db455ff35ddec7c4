/** The invitation page of a link's token, for callbacks after signing in or up. */
export const invitationPath = (token: string) => `/invitation?token=${encodeURIComponent(token)}`;

/**
 * Query keys for the browser's TanStack Query cache, one factory per resource. Keys nest: everything
 * about a service starts with `serviceKeys.detail(id)`, so invalidating that one key after an action
 * refetches the service's document, its activity card and its snapshots together (TanStack matches
 * keys by prefix). Components never write key arrays by hand.
 */

export const serviceKeys = {
  all: ["services"] as const,
  /** The service's document as its page shows it (the panel's VPS or dedicated view, the reseller portal's view). */
  detail: (id: string) => [...serviceKeys.all, id] as const,
  /** The activity card: the service's recent jobs. */
  activity: (id: string) => [...serviceKeys.detail(id), "activity"] as const,
  /** The usage card for one time range ("24h", "7d", "30d"). */
  usage: (id: string, range: string) => [...serviceKeys.detail(id), "usage", range] as const,
  /** The snapshots (the reseller portal's backups) of a VPS. */
  snapshots: (id: string) => [...serviceKeys.detail(id), "snapshots"] as const,
  /** A game service's game document (the panel's and the reseller portal's game view). */
  game: (id: string) => [...serviceKeys.detail(id), "game"] as const,
  /** The reseller portal's console-cast links and console activity of a service. */
  consoleLinks: (id: string) => [...serviceKeys.detail(id), "console-links"] as const,
};

/** The account's custom images (not one service's: a capture from any server adds to the same list). */
export const imageKeys = {
  all: ["images"] as const,
  list: () => [...imageKeys.all, "list"] as const,
  storagePrice: () => [...imageKeys.all, "storage-price"] as const,
};

/** The signed-in user's own settings (the account area). */
export const accountKeys = {
  all: ["account"] as const,
  security: () => [...accountKeys.all, "security"] as const,
  /** Whether two-factor authentication is on: the badge on the security page. */
  twoFactor: () => [...accountKeys.security(), "two-factor"] as const,
};

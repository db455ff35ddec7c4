/**
 * The locale every page formats money, numbers and dates in. Accounts have no language of their own
 * yet; when they get one, the formatters take it as their `locale` argument and default to this.
 */
export const DISPLAY_LOCALE = "en-GB";

/**
 * RFC 1123 host names (docs/decisions.md#d31): labels of 1-63 letters, digits and hyphens, not starting or
 * ending with a hyphen, dot-separated, at most 253 characters, no trailing dot. Written without
 * look-behind so common regex dialects can run it; the reseller product schema's `hostnamePattern`.
 */
export const HOSTNAME_PATTERN = "^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$";

const hostname = new RegExp(HOSTNAME_PATTERN);

export function isRfc1123Hostname(name: string): boolean {
  return hostname.test(name);
}

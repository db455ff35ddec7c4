// Browser-safe (no node:net): the key forms check allowlist lines with it before submitting, and
// the server parses with the same schema. The mint still checks with node's isIP as the last word.

const IPV4_OCTET = /^(?:0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

export function isIpv4(value: string): boolean {
  const parts = value.split(".");
  return parts.length === 4 && parts.every((p) => IPV4_OCTET.test(p) && Number(p) <= 255);
}

/** Full and `::`-compressed forms, with an embedded IPv4 tail; no zone ids (`%eth0`). */
export function isIpv6(value: string): boolean {
  // An IPv4 tail stands for the last two groups.
  const lastText = value.slice(value.lastIndexOf(":") + 1);
  let text = value;
  if (lastText.includes(".")) {
    if (!value.includes(":") || !isIpv4(lastText)) return false;
    text = `${value.slice(0, value.length - lastText.length)}0:0`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
  if (!groups.every((g) => IPV6_GROUP.test(g))) return false;
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8;
}

/** 4, 6, or 0 when `value` is not an address (the contract of node's isIP, minus zone ids). */
export function ipVersion(value: string): 0 | 4 | 6 {
  if (isIpv4(value)) return 4;
  if (isIpv6(value)) return 6;
  return 0;
}

/** An IPv4/IPv6 address, or one with a `/prefix` that fits its family (≤ 32 or ≤ 128). */
export function isIpOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const version = ipVersion(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

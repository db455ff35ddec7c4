/** Just enough IPv4/IPv6 arithmetic for address pools: parse, format, networks and host ranges. */

export interface ParsedCidr {
  version: 4 | 6;
  /** The network address (host bits cleared). */
  network: bigint;
  prefixLength: number;
}

const BITS = { 4: 32, 6: 128 } as const;

export function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = BigInt(0);
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return null;
    value = (value << BigInt(8)) | BigInt(Number(part));
  }
  return value;
}

export function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:]+$/.test(text) || text.split("::").length > 2) return null;
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(tail === null ? 0 : missing).fill("0"), ...tailGroups];
  let value = BigInt(0);
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    value = (value << BigInt(16)) | BigInt(parseInt(group, 16));
  }
  return value;
}

export function parseIp(text: string): { version: 4 | 6; value: bigint } | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = parseIpv6(text);
  return v6 === null ? null : { version: 6, value: v6 };
}

export function formatIpv4(value: bigint): string {
  return [24, 16, 8, 0].map((shift) => Number((value >> BigInt(shift)) & BigInt(255))).join(".");
}

/** RFC 5952: lowercase, no leading zeros, the longest run (2+) of zero groups as `::`. */
export function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & BigInt(0xffff)));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

export function formatIp(version: 4 | 6, value: bigint): string {
  return version === 4 ? formatIpv4(value) : formatIpv6(value);
}

function mask(version: 4 | 6, prefixLength: number): bigint {
  const all = (BigInt(1) << BigInt(BITS[version])) - BigInt(1);
  const host = (BigInt(1) << BigInt(BITS[version] - prefixLength)) - BigInt(1);
  return all ^ host;
}

export function parseCidr(text: string): ParsedCidr | null {
  const [addr, len, extra] = text.split("/");
  if (!addr || len === undefined || extra !== undefined || !/^[0-9]{1,3}$/.test(len)) return null;
  const ip = parseIp(addr);
  const prefixLength = Number(len);
  if (!ip || prefixLength > BITS[ip.version]) return null;
  return { version: ip.version, network: ip.value & mask(ip.version, prefixLength), prefixLength };
}

export function formatCidr(cidr: ParsedCidr): string {
  return `${formatIp(cidr.version, cidr.network)}/${cidr.prefixLength}`;
}

/** The network `address` belongs to at `prefixLength`, as text (`192.0.2.0/24`, `2001:db8:1::/64`). */
export function networkOf(address: string, prefixLength: number): string {
  const ip = parseIp(address);
  if (!ip) throw new RangeError(`Not an IP address: ${address}`);
  return formatCidr({ version: ip.version, network: ip.value & mask(ip.version, prefixLength), prefixLength });
}

export function cidrContains(cidr: ParsedCidr, address: string): boolean {
  const ip = parseIp(address);
  return !!ip && ip.version === cidr.version && (ip.value & mask(cidr.version, cidr.prefixLength)) === cidr.network;
}

/** Usable IPv4 hosts of a subnet: without the network and broadcast addresses (all of a /31 or /32). */
export function ipv4Hosts(cidr: ParsedCidr): { first: bigint; last: bigint } {
  const size = BigInt(1) << BigInt(32 - cidr.prefixLength);
  if (cidr.prefixLength >= 31) return { first: cidr.network, last: cidr.network + size - BigInt(1) };
  return { first: cidr.network + BigInt(1), last: cidr.network + size - BigInt(2) };
}

/** The `index`th prefix of length `assignLength` inside `cidr`. */
export function subPrefix(cidr: ParsedCidr, assignLength: number, index: bigint): bigint {
  return cidr.network + (index << BigInt(BITS[cidr.version] - assignLength));
}

/** How many prefixes of length `assignLength` fit in `cidr` (0 when they are larger than it). */
export function prefixCount(cidr: ParsedCidr, assignLength: number): bigint {
  if (assignLength < cidr.prefixLength || assignLength > BITS[cidr.version]) return BigInt(0);
  return BigInt(1) << BigInt(assignLength - cidr.prefixLength);
}

/** The `index`th /64 of an IPv6 block as text (`2001:db8:100:5::/64`), or null past its end. */
export function nthIpv6Slash64(cidr: ParsedCidr, index: bigint): string | null {
  if (cidr.version !== 6 || index < BigInt(0) || index >= prefixCount(cidr, 64)) return null;
  return formatCidr({ version: 6, network: subPrefix(cidr, 64, index), prefixLength: 64 });
}

/** Whether two blocks share any address (one contains the other's network). */
export function cidrsOverlap(a: ParsedCidr, b: ParsedCidr): boolean {
  if (a.version !== b.version) return false;
  const shorter = Math.min(a.prefixLength, b.prefixLength);
  const m = mask(a.version, shorter);
  return (a.network & m) === (b.network & m);
}

/** RFC 1123 host name (labels of 1-63 letters, digits, hyphens; at most 253 characters). */
export function isHostname(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 253 &&
    name.split(".").every((label) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label))
  );
}

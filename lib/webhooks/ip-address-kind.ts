import { isIPv4, isIPv6 } from "node:net";

/**
 * Classifies an IP address for webhook delivery: only ordinary public unicast addresses may be
 * dialled. Written here (no dependency) because popular classifiers have had bypasses for mapped and
 * compatible IPv6 forms (reliability-anchors §1.6); every IPv6 address that embeds an IPv4 one is
 * refused outright rather than decoded.
 *
 * Input must be a canonical literal: what WHATWG `new URL()` leaves in `hostname` (brackets removed)
 * or what a resolver returns. Alternative IPv4 spellings (`2130706433`, `0177.0.0.1`, `0x7f.1`) never
 * reach this function as such: URL parsing has already turned them into `127.0.0.1`.
 */
export type AddressKind =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "shared"
  | "link-local"
  | "multicast"
  | "broadcast"
  | "documentation"
  | "benchmarking"
  | "reserved"
  | "ipv4-mapped"
  | "ipv4-compatible"
  | "ipv4-translated"
  | "6to4"
  | "teredo";

const KIND_PHRASE: Record<Exclude<AddressKind, "public">, string> = {
  unspecified: "an unspecified address",
  loopback: "a loopback address",
  private: "a private address",
  shared: "a shared (carrier-grade NAT) address",
  "link-local": "a link-local address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
  documentation: "a documentation address",
  benchmarking: "a benchmarking address",
  reserved: "a reserved address",
  "ipv4-mapped": "an IPv4-mapped IPv6 address",
  "ipv4-compatible": "an IPv4-compatible IPv6 address",
  "ipv4-translated": "an IPv4-translated (NAT64) IPv6 address",
  "6to4": "a 6to4 IPv6 address",
  teredo: "a Teredo IPv6 address",
};

/** "a loopback address", for refusal sentences. */
export function describeAddressKind(kind: Exclude<AddressKind, "public">): string {
  return KIND_PHRASE[kind];
}

function ipv4Bytes(address: string): number[] | null {
  if (!isIPv4(address)) return null;
  return address.split(".").map(Number);
}

// [first address, prefix length, kind] — most specific entries first where ranges nest.
const IPV4_RANGES: [string, number, Exclude<AddressKind, "public">][] = [
  ["255.255.255.255", 32, "broadcast"],
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.31.196.0", 24, "reserved"],
  ["192.52.193.0", 24, "reserved"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["192.175.48.0", 24, "reserved"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function ipv4Number(bytes: number[]): number {
  return ((bytes[0]! << 24) >>> 0) + (bytes[1]! << 16) + (bytes[2]! << 8) + bytes[3]!;
}

function inIpv4Range(value: number, first: string, prefix: number): boolean {
  const base = ipv4Number(ipv4Bytes(first)!);
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return ((value & mask) >>> 0) === ((base & mask) >>> 0);
}

function classifyIpv4(bytes: number[]): AddressKind {
  const value = ipv4Number(bytes);
  for (const [first, prefix, kind] of IPV4_RANGES) if (inIpv4Range(value, first, prefix)) return kind;
  return "public";
}

/** The eight 16-bit groups of an IPv6 literal (`::`, embedded dotted IPv4 tail), or null. */
export function ipv6Groups(address: string): number[] | null {
  if (!isIPv6(address) || address.includes("%")) return null;
  let text = address.toLowerCase();
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (last.includes(".")) {
    const b = ipv4Bytes(last);
    if (!b) return null;
    tail.push((b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!);
    text = text.slice(0, lastColon + 1) + "0:0";
  }
  const [head, rest] = text.includes("::") ? text.split("::") : [text, null];
  const parse = (part: string | undefined) => (part ? part.split(":").map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = rest === null ? [] : parse(rest);
  let groups: number[];
  if (rest === null) groups = left;
  else groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  if (tail.length) {
    groups[6] = tail[0]!;
    groups[7] = tail[1]!;
  }
  return groups;
}

function classifyIpv6(g: number[]): AddressKind {
  const zeroFirst = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroFirst(8)) return "unspecified";
  if (zeroFirst(7) && g[7] === 1) return "loopback";
  if (zeroFirst(5) && g[5] === 0xffff) return "ipv4-mapped";
  if (zeroFirst(6)) return "ipv4-compatible";
  // ::ffff:0:a.b.c.d (SIIT) and 64:ff9b::/96, 64:ff9b:1::/48 (NAT64)
  if (zeroFirst(4) && g[4] === 0xffff && g[5] === 0) return "ipv4-translated";
  if (g[0] === 0x64 && g[1] === 0xff9b && (g[2] === 1 || (g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0))) return "ipv4-translated";
  const first = g[0]!;
  if ((first & 0xff00) === 0xff00) return "multicast";
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xffc0) === 0xfec0) return "private"; // deprecated site-local
  if ((first & 0xfe00) === 0xfc00) return "private"; // unique local fc00::/7
  if (first === 0x2001 && g[1] === 0) return "teredo"; // 2001::/32
  if (first === 0x2001 && g[1] === 0xdb8) return "documentation";
  if (first === 0x2001 && g[1] === 2 && g[2] === 0) return "benchmarking"; // 2001:2::/48
  if (first === 0x2001 && g[1]! < 0x200) return "reserved"; // rest of 2001::/23 (IETF protocol assignments)
  if (first === 0x2002) return "6to4";
  if (first === 0x3fff && (g[1]! & 0xf000) === 0) return "documentation"; // 3fff::/20
  // Global unicast is 2000::/3; everything else (100::/64 discard, 5f00::/16, unassigned) is not dialled.
  if ((first & 0xe000) !== 0x2000) return "reserved";
  return "public";
}

/** The kind of a canonical IP literal, or null when `address` is not an IP address. */
export function classifyAddress(address: string): AddressKind | null {
  const v4 = ipv4Bytes(address);
  if (v4) return classifyIpv4(v4);
  const v6 = ipv6Groups(address);
  if (v6) return classifyIpv6(v6);
  return null;
}

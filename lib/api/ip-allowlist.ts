import { BlockList, isIP } from "node:net";

/** `::ffff:192.0.2.1` → `192.0.2.1`; strips brackets and an IPv6 zone. Null when not an address. */
export function normalizeIp(raw: string): string | null {
  let ip = raw.trim();
  if (ip.startsWith("[") && ip.endsWith("]")) ip = ip.slice(1, -1);
  const zone = ip.indexOf("%");
  if (zone !== -1) ip = ip.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  return isIP(ip) === 0 ? null : ip.toLowerCase();
}

/**
 * Whether `ip` is inside one of the allowlist's addresses or CIDR blocks (entries were checked
 * when the key was minted, lib/api-keys/normalize-ip-allowlist.ts). IPv4-mapped IPv6 client
 * addresses match IPv4 entries. An empty allowlist allows everything.
 */
export function ipAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  const address = normalizeIp(ip);
  if (!address) return false;
  const family = isIP(address) === 4 ? "ipv4" : "ipv6";
  const list = new BlockList();
  for (const entry of allowlist) {
    const [base, prefix] = entry.split("/");
    const normal = base ? normalizeIp(base) : null;
    if (!normal) continue;
    const entryFamily = isIP(normal) === 4 ? "ipv4" : "ipv6";
    if (entryFamily !== family) continue;
    if (prefix === undefined) list.addAddress(normal, entryFamily);
    else list.addSubnet(normal, Number(prefix), entryFamily);
  }
  return list.check(address, family);
}

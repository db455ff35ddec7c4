import { isIP } from "node:net";
import { ApiKeyError } from "./api-key-error";

const MAX_ENTRIES = 100;

/**
 * Checks each entry is an IPv4/IPv6 address or CIDR block, so a typo cannot silently lock a key
 * out (or, worse, be ignored and leave it open). Duplicates are dropped; order is kept.
 */
export function normalizeIpAllowlist(entries: readonly string[] | undefined): string[] {
  if (!entries) return [];
  if (entries.length > MAX_ENTRIES) {
    throw new ApiKeyError("invalid_ip_allowlist", `An IP allowlist holds at most ${MAX_ENTRIES} entries`);
  }
  const out: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (!isAddressOrCidr(entry)) {
      throw new ApiKeyError("invalid_ip_allowlist", `Not an IP address or CIDR block: ${JSON.stringify(raw)}`);
    }
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

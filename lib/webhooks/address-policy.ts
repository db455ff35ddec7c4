import { BlockList, isIP } from "node:net";
import { classifyAddress, describeAddressKind, type AddressKind } from "./ip-address-kind";

/**
 * Which hosts and addresses a webhook may reach. Public unicast only, except what the test-only
 * variable RACKFRONT_WEBHOOK_TEST_ALLOW exempts (comma-separated IP addresses, CIDRs or host names),
 * so tests can run a receiver on loopback. `npm start` never sets it.
 */

export const TEST_ALLOW_VARIABLE = "RACKFRONT_WEBHOOK_TEST_ALLOW";

export type AddressVerdict = { allowed: true } | { allowed: false; kind: Exclude<AddressKind, "public"> | "invalid"; reason: string };

export interface AddressPolicy {
  /** An IP literal as dialled or as resolved. */
  checkAddress(address: string): AddressVerdict;
  /** Name-level rules for a host that is not an IP literal; null when the name may be resolved. */
  checkHostName(hostname: string): string | null;
}

// Names that are never public (RFC 6761, RFC 6762, RFC 8375, common internal suffixes).
const NON_PUBLIC_SUFFIXES = ["localhost", "local", "localdomain", "internal", "intranet", "lan", "home.arpa", "test", "invalid", "example", "onion"];

/** Lower-cased, without the trailing dot(s) a fully qualified name may carry, without IPv6 brackets. */
export function normalizeHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return host.replace(/\.+$/, "");
}

export interface PolicyOptions {
  /** Exempt addresses (IPs or CIDRs) and host names: tests only. */
  allow?: readonly string[];
}

export function createAddressPolicy(options: PolicyOptions = {}): AddressPolicy {
  const allowedAddresses = new BlockList();
  const allowedHosts = new Set<string>();
  for (const raw of options.allow ?? []) {
    const entry = raw.trim();
    if (!entry) continue;
    const [base, prefix] = entry.split("/");
    const host = normalizeHost(base!);
    const family = isIP(host);
    if (family && prefix !== undefined) allowedAddresses.addSubnet(host, Number(prefix), family === 4 ? "ipv4" : "ipv6");
    else if (family) allowedAddresses.addAddress(host, family === 4 ? "ipv4" : "ipv6");
    else allowedHosts.add(host);
  }

  return {
    checkAddress(address) {
      const host = normalizeHost(address);
      const family = isIP(host);
      if (!family) return { allowed: false, kind: "invalid", reason: `${address} is not an IP address` };
      if (allowedAddresses.check(host, family === 4 ? "ipv4" : "ipv6")) return { allowed: true };
      const kind = classifyAddress(host);
      if (kind === null) return { allowed: false, kind: "invalid", reason: `${address} is not an IP address` };
      if (kind === "public") return { allowed: true };
      return { allowed: false, kind, reason: describeAddressKind(kind) };
    },
    checkHostName(hostname) {
      const host = normalizeHost(hostname);
      if (allowedHosts.has(host)) return null;
      if (!host.includes(".")) return `${host} is not a public domain name`;
      const suffix = NON_PUBLIC_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
      if (suffix) return `${host} is not a public domain name`;
      return null;
    },
  };
}

// server.ts and the Next.js bundle load this module separately in one process: the flag is process-wide.
const warnedSlot = globalThis as unknown as { __rackfrontWebhookTestAllowWarned?: boolean };
let fromEnvironment: { value: string | undefined; policy: AddressPolicy } | null = null;

/**
 * The policy in force: public addresses only, plus RACKFRONT_WEBHOOK_TEST_ALLOW when set (with a
 * warning, logged once per process at first use).
 */
export function webhookAddressPolicy(): AddressPolicy {
  const value = process.env[TEST_ALLOW_VARIABLE];
  if (fromEnvironment && fromEnvironment.value === value) return fromEnvironment.policy;
  if (value) warnWebhookTestAllow();
  fromEnvironment = { value, policy: createAddressPolicy({ allow: value ? value.split(",") : [] }) };
  return fromEnvironment.policy;
}

/**
 * Logs a warning when RACKFRONT_WEBHOOK_TEST_ALLOW is set (once per process). The webhook module
 * calls it at first use; server start-up may call it too so the warning shows at boot.
 */
export function warnWebhookTestAllow(log: (message: string) => void = (m) => console.warn(m)): boolean {
  const value = process.env[TEST_ALLOW_VARIABLE];
  if (!value) return false;
  if (!warnedSlot.__rackfrontWebhookTestAllowWarned) {
    warnedSlot.__rackfrontWebhookTestAllowWarned = true;
    log(
      `rackfront: WARNING ${TEST_ALLOW_VARIABLE}=${value} exempts these hosts from the webhook SSRF checks. ` +
        "It is for tests that run a receiver on loopback; never set it on a real installation.",
    );
  }
  return true;
}

import { BackendError } from "../backend-error";

export interface Units {
  vcpus: number;
  memoryMb: number;
  diskGb: number;
}

/** What a VPS needs from a location: node units and addresses (default one IPv4, no IPv6 prefix). */
export interface VpsSize extends Units {
  ipv4?: number;
  ipv6?: number;
}

export function checkSize(size: VpsSize): Required<VpsSize> {
  const whole = (n: unknown, min: number) => typeof n === "number" && Number.isInteger(n) && n >= min;
  const ipv4 = size.ipv4 ?? 1;
  const ipv6 = size.ipv6 ?? 0;
  if (!whole(size.vcpus, 1) || !whole(size.memoryMb, 1) || !whole(size.diskGb, 1) || !whole(ipv4, 0) || !whole(ipv6, 0)) {
    throw new BackendError("configuration", `Not a machine size: ${JSON.stringify(size)}`);
  }
  return { vcpus: size.vcpus, memoryMb: size.memoryMb, diskGb: size.diskGb, ipv4, ipv6 };
}

/**
 * How many IPv6 prefixes (a /64 each, docs/backends.md "IP address management") a product's machines
 * get: `specs.ipv6` is the console's IPv6 checkbox (`true` = one), or a count.
 */
export function ipv6FromSpecs(specs: unknown): number {
  const v = specs && typeof specs === "object" ? (specs as Record<string, unknown>).ipv6 : undefined;
  if (v === true) return 1;
  return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : 0;
}

/** A product's machine-readable size from its specs (`vcpus`, `memoryMb`, `diskGb`, `ipv4`, `ipv6`), or null. */
export function sizeFromSpecs(specs: unknown): VpsSize | null {
  if (!specs || typeof specs !== "object") return null;
  const s = specs as Record<string, unknown>;
  const int = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);
  const vcpus = int(s.vcpus);
  const memoryMb = int(s.memoryMb);
  const diskGb = int(s.diskGb);
  if (vcpus === null || memoryMb === null || diskGb === null) return null;
  return { vcpus, memoryMb, diskGb, ipv4: typeof s.ipv4 === "number" ? s.ipv4 : 1, ipv6: ipv6FromSpecs(s) };
}

/** A game product's size from its specs (`memoryMb`, `diskGb`), or null (docs/game-servers.md#products). */
export function gameSizeFromSpecs(specs: unknown): { memoryMb: number; diskGb: number } | null {
  if (!specs || typeof specs !== "object") return null;
  const s = specs as Record<string, unknown>;
  const int = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);
  const memoryMb = int(s.memoryMb);
  const diskGb = int(s.diskGb);
  return memoryMb === null || diskGb === null ? null : { memoryMb, diskGb };
}

export const describeSize = (s: Units) => `${s.vcpus} vCPU / ${s.memoryMb} MB / ${s.diskGb} GB`;

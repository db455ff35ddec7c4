import { createHash, timingSafeEqual } from "node:crypto";

/** Compares two strings in time independent of where they differ (hashing equalises lengths). */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

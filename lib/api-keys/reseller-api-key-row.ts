import type { Prisma } from "@/lib/generated/prisma/client";
import { keyState, type ApiKeyState } from "./customer-api-key-row";
import { RESELLER_KEY_PREFIX } from "./mint-reseller-api-key";

export const RESELLER_API_KEY_ROW_SELECT = {
  id: true,
  label: true,
  lookupId: true,
  scopes: true,
  hourlyLimit: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
  signatureVersion: true,
  requireTimestamp: true,
  customer: { select: { id: true, externalCustomerId: true, name: true, email: true } },
} satisfies Prisma.ResellerApiKeySelect;

type Selected = Prisma.ResellerApiKeyGetPayload<{ select: typeof RESELLER_API_KEY_ROW_SELECT }>;

/** A reseller key as the portal lists it: never the secret or its hash. */
export type ResellerApiKeyRow = Selected & { /** `rsk_<lookupId>_…` */ prefix: string; state: ApiKeyState };

export function resellerApiKeyRow(key: Selected, now: Date): ResellerApiKeyRow {
  return { ...key, prefix: `${RESELLER_KEY_PREFIX}_${key.lookupId}_…`, state: keyState(key, now) };
}

import type { Prisma } from "@/lib/generated/prisma/client";
import { CUSTOMER_KEY_PREFIX } from "./mint-customer-api-key";

export const CUSTOMER_API_KEY_ROW_SELECT = {
  id: true,
  label: true,
  lookupId: true,
  scopes: true,
  ipAllowlist: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
  project: { select: { id: true, name: true, slug: true } },
  user: { select: { id: true, name: true, email: true } },
} satisfies Prisma.CustomerApiKeySelect;

type Selected = Prisma.CustomerApiKeyGetPayload<{ select: typeof CUSTOMER_API_KEY_ROW_SELECT }>;

export type ApiKeyState = "active" | "expired" | "revoked";

/** A key as the panel lists it: never the secret or its hash, only the public prefix. */
export type CustomerApiKeyRow = Omit<Selected, "user"> & {
  /** `rfk_<lookupId>_…`: enough to recognise the key in a config file. */
  prefix: string;
  state: ApiKeyState;
  createdBy: Selected["user"];
};

export function keyState(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiKeyState {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return "expired";

  return "active";
}

export function customerApiKeyRow({ user, ...key }: Selected, now: Date): CustomerApiKeyRow {
  return { ...key, prefix: `${CUSTOMER_KEY_PREFIX}_${key.lookupId}_…`, state: keyState(key, now), createdBy: user };
}

import type { ResellerApiKey } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/constant-time-equal";
import { ApiKeyError } from "./api-key-error";
import { CUSTOMER_BOUND_FORBIDDEN_SCOPES, normalizeResellerScopes } from "./reseller-api-key-scopes";
import { normalizeKeyLabel } from "./normalize-key-label";
import { checkKeyExpiry } from "./check-key-expiry";
import { insertWithFreshLookupId } from "./insert-with-fresh-lookup-id";
import { randomAlphanumeric } from "./random-alphanumeric";
import { checkSignatureVersion, type ResellerSignatureVersion } from "./reseller-signature-settings";
import { getResellerHourlyCeiling } from "./reseller-hourly-ceiling";
import type { ResellerApiKeyContext, ResellerKeyActor } from "./reseller-key-actor";

export const RESELLER_KEY_PREFIX = "rsk";
/** Unrevoked keys a reseller may hold; an expired key keeps its slot until revoked. */
export const MAX_UNREVOKED_RESELLER_KEYS = 20;

export interface MintResellerApiKeyInput {
  label: string;
  /** Omitted or empty: the key gets `read` alone. */
  scopes?: readonly string[];
  expiresAt?: Date | null;
  /** Per-key hourly request limit; must be lower than the reseller's own ceiling. */
  hourlyLimit?: number | null;
  /** Binds the key to one ResellerCustomer of this reseller. */
  customerId?: string | null;
  /** The signatures the key accepts (docs/decisions.md#r16): `v1` (default) or `v2` only. */
  signatureVersion?: ResellerSignatureVersion;
  /** v1 signatures must carry X-Reseller-Timestamp (default false). */
  requireTimestamp?: boolean;
  /** Source of lookup ids; tests replace it to force collisions. */
  newLookupId?: () => string;
}

export const newResellerLookupId = (): string => randomAlphanumeric(8);

/**
 * Mints a reseller API key `rsk_<8 [A-Za-z0-9]>_<64 [A-Za-z0-9]>`, storing only the sha256 of the
 * secret part. The profile row is locked while counting, so two concurrent mints cannot both
 * take the twentieth slot; given the root client it opens its own transaction for that.
 */
export async function mintResellerApiKey(
  { db, now, actor }: ResellerApiKeyContext,
  input: MintResellerApiKeyInput,
): Promise<{ key: ResellerApiKey; plaintext: string }> {
  // A transaction client also has $transaction (nested, via savepoints), but never $connect.
  if ("$connect" in db) return (db as Db).$transaction((tx) => mintInTransaction(tx, now, actor, input));
  return mintInTransaction(db, now, actor, input);
}

async function mintInTransaction(
  tx: Tx,
  now: Date,
  { resellerId }: ResellerKeyActor,
  input: MintResellerApiKeyInput,
): Promise<{ key: ResellerApiKey; plaintext: string }> {
  const label = normalizeKeyLabel(input.label);
  const scopes = normalizeResellerScopes(input.scopes);
  const expiresAt = checkKeyExpiry(input.expiresAt, now);
  const signatureVersion = checkSignatureVersion(input.signatureVersion ?? "v1");

  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "ResellerProfile" WHERE id = ${resellerId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new ApiKeyError("not_found", "Reseller not found");
  const profile = await tx.resellerProfile.findUniqueOrThrow({
    where: { id: resellerId },
    select: { status: true, hourlyLimit: true },
  });
  if (profile.status === "closed") throw new ApiKeyError("reseller_closed", "The reseller profile is closed");

  if (input.customerId) {
    const bound = scopes.filter((s) => CUSTOMER_BOUND_FORBIDDEN_SCOPES.includes(s));
    if (bound.length > 0) {
      throw new ApiKeyError("invalid_scope", `A key bound to a customer cannot hold: ${bound.join(", ")}`);
    }
    const customer = await tx.resellerCustomer.findFirst({
      where: { id: input.customerId, resellerId },
      select: { id: true },
    });
    if (!customer) throw new ApiKeyError("not_found", "Customer not found");
  }
  const hourlyLimit = await checkHourlyLimit(tx, input.hourlyLimit, profile.hourlyLimit);

  const unrevoked = await tx.resellerApiKey.count({ where: { resellerId, revokedAt: null } });
  if (unrevoked >= MAX_UNREVOKED_RESELLER_KEYS) {
    throw new ApiKeyError(
      "key_limit_reached",
      `A reseller may hold at most ${MAX_UNREVOKED_RESELLER_KEYS} unrevoked API keys; revoke one first (expired keys count until revoked)`,
    );
  }

  const secret = randomAlphanumeric(64);
  const key = await insertWithFreshLookupId(input.newLookupId ?? newResellerLookupId, async (lookupId) => {
    const [row] = await tx.resellerApiKey.createManyAndReturn({
      data: [
        {
          resellerId,
          lookupId,
          secretHash: sha256Hex(secret),
          label,
          scopes,
          hourlyLimit,
          customerId: input.customerId ?? null,
          expiresAt,
          signatureVersion,
          requireTimestamp: input.requireTimestamp === true,
        },
      ],
      skipDuplicates: true,
    });
    return row ?? null;
  });
  return { key, plaintext: `${RESELLER_KEY_PREFIX}_${key.lookupId}_${secret}` };
}

/** A key limit may only be lower than the account's (the reseller API spec Authentication §2 and Limits). */
async function checkHourlyLimit(tx: Tx, requested: number | null | undefined, resellerLimit: number | null): Promise<number | null> {
  if (requested == null) return null;
  if (!Number.isInteger(requested) || requested < 1) {
    throw new ApiKeyError("invalid_hourly_limit", "The hourly limit must be a positive whole number");
  }
  const ceiling = await getResellerHourlyCeiling(tx, { hourlyLimit: resellerLimit });
  if (requested >= ceiling) {
    throw new ApiKeyError("invalid_hourly_limit", `The hourly limit must be lower than the account's limit of ${ceiling}`);
  }
  return requested;
}

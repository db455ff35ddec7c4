import { constantTimeEqual, sha256Hex } from "@/lib/crypto/constant-time-equal";
import { isResellerApiKeyScope, type ResellerApiKeyScope } from "@/lib/api-keys/reseller-api-key-scopes";
import { openSigningSecret } from "@/lib/api-keys/open-signing-secret";
import { spendResellerSignature } from "@/lib/api-keys/reseller-signature-uses";
import { ApiError } from "../api-error";
import type { Endpoint } from "../define-endpoint";
import type { StageContext } from "../dispatch";
import { touchLastUsed } from "../touch-last-used";
import { loadResellerRequest } from "./load-reseller-request";
import { checkResellerSignature, SIGNATURE_HEADER, SIGNATURE_MESSAGES, TIMESTAMP_HEADER } from "./signature";
import type { ResellerAuth } from "./reseller-auth";

export const RESELLER_AUTH_MESSAGES = {
  header: "Missing or invalid Authorization header",
  format: "Invalid API key format",
  invalid: "Invalid API key",
} as const;

const NO_SUCH_KEY_HASH = sha256Hex("no such key");
const unauthorized = (message: string) => new ApiError(401, "UNAUTHORIZED", message);

/**
 * `Authorization: Bearer rsk_<8 alnum>_<64 alnum>` (docs/decisions.md#d17). A header that is not
 * `Bearer <token>` and a token of the wrong shape have their own sentences; an unknown, revoked or
 * expired key and a profile that is not `active` are one indistinguishable `Invalid API key`.
 */
export async function authenticateReseller(ctx: StageContext): Promise<ResellerAuth> {
  // The key and its profile were read with the programme switch (one round trip per request).
  const { token, parsed, key, programme } = await loadResellerRequest(ctx);
  if (token === null) throw unauthorized(RESELLER_AUTH_MESSAGES.header);
  if (!parsed) throw unauthorized(RESELLER_AUTH_MESSAGES.format);

  const secretMatches = constantTimeEqual(sha256Hex(parsed.secret), key?.secretHash ?? NO_SUCH_KEY_HASH);
  if (
    !key ||
    !secretMatches ||
    key.revokedAt !== null ||
    (key.expiresAt !== null && key.expiresAt.getTime() <= ctx.now.getTime()) ||
    key.reseller.status !== "active"
  ) {
    throw unauthorized(RESELLER_AUTH_MESSAGES.invalid);
  }

  await touchLastUsed(ctx.db.resellerApiKey, key, ctx.now);

  return {
    keyId: key.id,
    resellerId: key.reseller.id,
    accountId: key.reseller.accountId,
    customerId: key.customerId,
    scopes: key.scopes.filter(isResellerApiKeyScope),
    keyHourlyLimit: key.hourlyLimit,
    resellerHourlyLimit: key.reseller.hourlyLimit,
    programmeHourlyLimit: programme.accountHourlyLimit,
    sealedSigningSecret: key.reseller.signingSecret,
    signaturePolicy: { signatureVersion: key.signatureVersion, requireTimestamp: key.requireTimestamp },
  };
}

/** The scope check, which runs before the signature check (Authentication §5). */
export async function authorizeReseller(auth: ResellerAuth, endpoint: Endpoint<ResellerAuth, ResellerApiKeyScope>): Promise<void> {
  const scope = endpoint.scope;
  if (scope !== null && !auth.scopes.includes(scope)) {
    throw new ApiError(403, "SCOPE_REQUIRED", `API key is missing the required scope: ${scope}`, { scope });
  }
}

/**
 * The request signature of a signed endpoint, over the raw body bytes (lib/api/reseller/signature.ts),
 * as the key's settings ask. A good v2 signature is spent before the request goes on: a second use of
 * it, in parallel or later, is refused (docs/decisions.md#r16). v2 signs the path and query as the
 * request line carries them, which is the request URL's path and query.
 */
export async function verifyResellerRequestSignature(auth: ResellerAuth, rawBody: Uint8Array, ctx: StageContext): Promise<void> {
  const check = checkResellerSignature({
    signatureHeader: ctx.request.headers.get(SIGNATURE_HEADER),
    timestampHeader: ctx.request.headers.get(TIMESTAMP_HEADER),
    rawBody,
    signingSecret: openSigningSecret(auth.sealedSigningSecret),
    now: ctx.now,
    method: ctx.request.method,
    target: `${ctx.url.pathname}${ctx.url.search}`,
    policy: auth.signaturePolicy,
  });
  if (!check.ok) {
    const { status, message } = check.failure;
    throw new ApiError(status, status === 400 ? "BAD_REQUEST" : "UNAUTHORIZED", message);
  }
  if (check.version === "v2") {
    const spent = await spendResellerSignature(
      { db: ctx.db, now: ctx.now, actor: { resellerId: auth.resellerId } },
      { keyId: auth.keyId, signature: check.signature, expiresAt: check.expiresAt },
    );
    if (spent === "replayed") throw unauthorized(SIGNATURE_MESSAGES.replayed);
  }
}

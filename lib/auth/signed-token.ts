import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "@/lib/crypto/instance-key";

// Short-lived, purpose-bound tokens (HMAC-SHA256 with a key derived from the instance key):
// "<base64url payload>.<base64url mac>". Used for the pending second-factor step (a cookie)
// and for the login ticket handed from our server actions to the Credentials provider.

export type SignedTokenPurpose = "mfa-pending" | "login-ticket";

function mac(purpose: SignedTokenPurpose, body: string): Buffer {
  return createHmac("sha256", deriveKey(`signed-token:${purpose}`)).update(body).digest();
}

export function signToken(purpose: SignedTokenPurpose, payload: Record<string, unknown>, ttlSeconds: number, now = new Date()): string {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const body = Buffer.from(JSON.stringify({ ...payload, exp })).toString("base64url");

  return `${body}.${mac(purpose, body).toString("base64url")}`;
}

/** The payload when the token is authentic, meant for this purpose and not expired; otherwise null. */
export function readToken(purpose: SignedTokenPurpose, token: string | undefined | null, now = new Date()): Record<string, unknown> | null {
  if (!token || token.length > 2048) return null;
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const expected = mac(purpose, body);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object") return null;
  const exp = (payload as { exp?: unknown }).exp;
  if (typeof exp !== "number" || exp * 1000 <= now.getTime()) return null;

  return payload as Record<string, unknown>;
}

// Console tokens (docs/game-servers.md#console-tokens): the portal signs a short-lived token, the
// browser hands it to the node's websocket, the node verifies it with the secret both derive from the
// node token (as Pterodactyl's panel and Wings share a JWT secret). HMAC-SHA256 over a base64url JSON
// payload; compact, and nothing here trusts the payload before the signature is checked.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export type ConsolePermission = "console.read" | "console.write" | "power";

export interface ConsoleTokenClaims {
  /** The game server's id on the node. */
  sid: string;
  /** Expiry, unix seconds. */
  exp: number;
  /** Unique per token (audit, and lets the node refuse a token twice if it wants). */
  jti: string;
  perms: ConsolePermission[];
}

/** Lifetime of a console token; the panel refreshes before it ends (see the docs). */
export const CONSOLE_TOKEN_TTL_SECONDS = 10 * 60;

function signingKey(nodeToken: string): Buffer {
  return createHmac("sha256", nodeToken).update("rackfront game console token v1").digest();
}

export function signConsoleToken(nodeToken: string, claims: Omit<ConsoleTokenClaims, "jti"> & { jti?: string }): string {
  const body = Buffer.from(JSON.stringify({ ...claims, jti: claims.jti ?? randomBytes(12).toString("base64url") })).toString("base64url");
  const mac = createHmac("sha256", signingKey(nodeToken)).update(body).digest("base64url");
  return `${body}.${mac}`;
}

export type ConsoleTokenCheck = { ok: true; claims: ConsoleTokenClaims } | { ok: false; reason: "malformed" | "signature" | "expired" };

export function verifyConsoleToken(nodeToken: string, token: string, nowMs: number = Date.now()): ConsoleTokenCheck {
  const parts = token.split(".");
  if (parts.length !== 2 || parts[0].length === 0 || parts[0].length > 2048) return { ok: false, reason: "malformed" };
  const expected = createHmac("sha256", signingKey(nodeToken)).update(parts[0]).digest();
  const given = Buffer.from(parts[1], "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  let claims: ConsoleTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[0], "base64url").toString("utf8")) as ConsoleTokenClaims;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (typeof claims.sid !== "string" || typeof claims.exp !== "number" || !Array.isArray(claims.perms)) return { ok: false, reason: "malformed" };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}

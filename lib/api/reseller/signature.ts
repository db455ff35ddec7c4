import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * Reseller request signing (the reseller API spec Authentication §5, docs/decisions.md#d1 to #d3).
 *
 * - `X-Reseller-Signature: hmac-sha256=<64 lowercase hex>`.
 * - digest = HMAC-SHA256(key = the 64 ASCII characters of the signing secret, not their decoded
 *   32 bytes; message = signed content).
 * - signed content = `<X-Reseller-Timestamp verbatim>.<raw body bytes>` when the timestamp header
 *   is sent, else the raw body alone.
 * - a request without a body may sign the empty string or `{}` (after `<ts>.` when timestamped).
 * - deprecated: a signature over the server's re-serialisation `JSON.stringify(JSON.parse(body))`.
 * - timestamps are unix seconds, or milliseconds when above 10^11; more than 300 s away from the
 *   server's clock in either direction is refused, exactly 300 s is accepted.
 *
 * Signature v2 (beyond the spec, opt-in per key; docs/decisions.md#r16):
 * - `X-Reseller-Signature: v2=<64 lowercase hex>`, same key, `X-Reseller-Timestamp` required.
 * - signed content = `v2\n<METHOD>\n<path?query>\n<timestamp>\n<hex(SHA-256(raw body))>`: the method,
 *   the path with its query as in the request line, the timestamp verbatim and a hash of the exact
 *   body bytes (no `{}` or re-serialised alternatives).
 * - a v2 signature is spent once (lib/api-keys/reseller-signature-uses.ts; the caller records it).
 * - every key accepts v2; a key set to `v2` refuses v1, a v1 key may require the timestamp.
 */

export const SIGNATURE_HEADER = "x-reseller-signature";
export const TIMESTAMP_HEADER = "x-reseller-timestamp";
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Timestamps above this are milliseconds. */
export const MILLISECOND_THRESHOLD = 1e11;

export const SIGNATURE_MESSAGES = {
  missing: "Request signature required for this operation. Include X-Reseller-Signature header.",
  format: "Invalid signature format",
  invalid: "Invalid signature",
  timestampInvalid: "Invalid X-Reseller-Timestamp",
  timestampWindow: "Request timestamp outside the allowed window",
  // Beyond the spec (docs/decisions.md#r16).
  v2Required: "This API key accepts only v2 signatures (X-Reseller-Signature: v2=<64 lowercase hex>)",
  v2TimestampMissing: "A v2 signature requires the X-Reseller-Timestamp header",
  timestampRequired: "This API key requires the X-Reseller-Timestamp header on signed requests",
  replayed: "This signature has already been used: sign every request afresh with a new X-Reseller-Timestamp",
} as const;

/** What a key asks of the signatures it accepts (ResellerApiKey.signatureVersion / requireTimestamp). */
export interface SignaturePolicy {
  signatureVersion: "v1" | "v2";
  requireTimestamp: boolean;
}

/** The spec's behaviour: v1 as written (timestamp optional), v2 accepted too. */
export const SPEC_SIGNATURE_POLICY: SignaturePolicy = { signatureVersion: "v1", requireTimestamp: false };

export interface SignatureFailure {
  status: 400 | 401;
  message: string;
}

export interface VerifySignatureInput {
  signatureHeader: string | null;
  timestampHeader: string | null;
  rawBody: Uint8Array;
  /** The plaintext 64-hex signing secret. */
  signingSecret: string;
  now: Date;
  /** The request method (v2 signs it). */
  method?: string;
  /** The path with its query as in the request line, e.g. `/v1/reseller/orders?x=1` (v2 signs it). */
  target?: string;
  /** The key's settings; the spec's behaviour when absent. */
  policy?: SignaturePolicy;
}

/** The outcome of a signature check; a good v2 signature still has to be spent (replay cache). */
export type SignatureCheck =
  | { ok: false; failure: SignatureFailure }
  | { ok: true; version: "v1" }
  | { ok: true; version: "v2"; signature: string; /** When its timestamp leaves the window. */ expiresAt: Date };

const DIGEST = /^[0-9a-f]{64}$/;
const EMPTY = new Uint8Array(0);
const EMPTY_OBJECT = Buffer.from("{}");

function hmac(secret: string, prefix: string, body: Uint8Array): Buffer {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(prefix, "utf8").update(body).digest();
}

/** The header value a client sends: `hmac-sha256=<hex>` over `<timestamp>.<body>` (or the body alone). */
export function signResellerRequest(input: { signingSecret: string; body: string | Uint8Array; timestamp?: string | null }): string {
  const body = typeof input.body === "string" ? Buffer.from(input.body, "utf8") : input.body;
  const prefix = input.timestamp != null ? `${input.timestamp}.` : "";
  return `hmac-sha256=${hmac(input.signingSecret, prefix, body).toString("hex")}`;
}

/** The v2 signed content (docs/decisions.md#r16); the method is upper-cased. */
export function resellerSignatureV2Content(input: { method: string; target: string; timestamp: string; body: string | Uint8Array }): string {
  const body = typeof input.body === "string" ? Buffer.from(input.body, "utf8") : input.body;
  const bodyHash = createHash("sha256").update(body).digest("hex");
  return `v2\n${input.method.toUpperCase()}\n${input.target}\n${input.timestamp}\n${bodyHash}`;
}

/** The header value a client sends for signature v2: `v2=<hex>` over resellerSignatureV2Content. */
export function signResellerRequestV2(input: {
  signingSecret: string;
  method: string;
  target: string;
  timestamp: string;
  body: string | Uint8Array;
}): string {
  return `v2=${hmac(input.signingSecret, resellerSignatureV2Content(input), EMPTY).toString("hex")}`;
}

/** The deprecated re-serialised form, when the body is JSON and re-serialising changes it. */
function reserialised(raw: Uint8Array): Uint8Array | null {
  if (raw.byteLength === 0) return null;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
    const again = Buffer.from(JSON.stringify(JSON.parse(text)), "utf8");
    return again.equals(Buffer.from(raw)) ? null : again;
  } catch {
    return null;
  }
}

/** Null when the request is signed correctly, else the status and exact sentence to refuse with. */
export function verifyResellerSignature(input: VerifySignatureInput): SignatureFailure | null {
  const check = checkResellerSignature(input);
  return check.ok ? null : check.failure;
}

const fail = (status: 400 | 401, message: string): SignatureCheck => ({ ok: false, failure: { status, message } });

/** The instant (`ms`) a timestamp inside the window names, else the refusal. */
function checkTimestamp(header: string, now: Date): { failure: SignatureCheck } | { ms: number } {
  const ts = header.trim();
  if (!/^\d+$/.test(ts)) return { failure: fail(400, SIGNATURE_MESSAGES.timestampInvalid) };
  const n = Number(ts);
  const ms = n > MILLISECOND_THRESHOLD ? n : n * 1000;
  if (!Number.isFinite(ms) || Math.abs(now.getTime() - ms) > SIGNATURE_TOLERANCE_SECONDS * 1000) {
    return { failure: fail(401, SIGNATURE_MESSAGES.timestampWindow) };
  }
  return { ms };
}

/** The signature check with its version: v1 as the spec says, v2 as docs/decisions.md#r16. */
export function checkResellerSignature(input: VerifySignatureInput): SignatureCheck {
  const policy = input.policy ?? SPEC_SIGNATURE_POLICY;
  const header = input.signatureHeader;
  if (header === null) return fail(401, SIGNATURE_MESSAGES.missing);
  const v2 = /^v2=(.*)$/s.exec(header.trim());
  if (v2) return checkV2(input, v2[1]!);
  const m = /^hmac-sha256=(.*)$/s.exec(header.trim());
  if (!m) return fail(400, SIGNATURE_MESSAGES.format);
  if (policy.signatureVersion === "v2") return fail(401, SIGNATURE_MESSAGES.v2Required);
  const given = m[1]!;

  let prefix = "";
  if (input.timestampHeader !== null) {
    const ts = checkTimestamp(input.timestampHeader, input.now);
    if ("failure" in ts) return ts.failure;
    prefix = `${input.timestampHeader}.`;
  } else if (policy.requireTimestamp) {
    return fail(401, SIGNATURE_MESSAGES.timestampRequired);
  }

  if (!DIGEST.test(given)) return fail(401, SIGNATURE_MESSAGES.invalid);
  const expected = Buffer.from(given, "hex");

  const candidates: Uint8Array[] = [input.rawBody];
  if (input.rawBody.byteLength === 0) candidates.push(EMPTY_OBJECT);
  const legacy = reserialised(input.rawBody);
  if (legacy) candidates.push(legacy);

  // Every candidate is computed and compared; the outcome does not depend on which one matched.
  let ok = false;
  for (const body of candidates) {
    const digest = hmac(input.signingSecret, prefix, body ?? EMPTY);
    ok = timingSafeEqual(digest, expected) || ok;
  }
  return ok ? { ok: true, version: "v1" } : fail(401, SIGNATURE_MESSAGES.invalid);
}

/** v2: timestamp required and in the window, one content, the exact body bytes. */
function checkV2(input: VerifySignatureInput, given: string): SignatureCheck {
  if (input.method === undefined || input.target === undefined) throw new Error("checking a v2 signature needs the request's method and path");
  if (input.timestampHeader === null) return fail(401, SIGNATURE_MESSAGES.v2TimestampMissing);
  const ts = checkTimestamp(input.timestampHeader, input.now);
  if ("failure" in ts) return ts.failure;
  if (!DIGEST.test(given)) return fail(401, SIGNATURE_MESSAGES.invalid);
  const content = resellerSignatureV2Content({ method: input.method, target: input.target, timestamp: input.timestampHeader, body: input.rawBody });
  const digest = hmac(input.signingSecret, content, EMPTY);
  if (!timingSafeEqual(digest, Buffer.from(given, "hex"))) return fail(401, SIGNATURE_MESSAGES.invalid);
  return { ok: true, version: "v2", signature: given, expiresAt: new Date(ts.ms + SIGNATURE_TOLERANCE_SECONDS * 1000) };
}

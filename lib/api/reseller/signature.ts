import { createHmac, timingSafeEqual } from "node:crypto";

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
} as const;

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
}

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
  const header = input.signatureHeader;
  if (header === null) return { status: 401, message: SIGNATURE_MESSAGES.missing };
  const m = /^hmac-sha256=(.*)$/s.exec(header.trim());
  if (!m) return { status: 400, message: SIGNATURE_MESSAGES.format };
  const given = m[1]!;

  let prefix = "";
  if (input.timestampHeader !== null) {
    const ts = input.timestampHeader.trim();
    if (!/^\d+$/.test(ts)) return { status: 400, message: SIGNATURE_MESSAGES.timestampInvalid };
    const n = Number(ts);
    const ms = n > MILLISECOND_THRESHOLD ? n : n * 1000;
    if (!Number.isFinite(ms) || Math.abs(input.now.getTime() - ms) > SIGNATURE_TOLERANCE_SECONDS * 1000) {
      return { status: 401, message: SIGNATURE_MESSAGES.timestampWindow };
    }
    prefix = `${input.timestampHeader}.`;
  }

  if (!DIGEST.test(given)) return { status: 401, message: SIGNATURE_MESSAGES.invalid };
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
  return ok ? null : { status: 401, message: SIGNATURE_MESSAGES.invalid };
}

import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { SIGNATURE_MESSAGES, signResellerRequest, verifyResellerSignature, type VerifySignatureInput } from "./signature";

// Counts constant-time comparisons made by the module under test.
const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls += 1;
      return actual.timingSafeEqual(a, b);
    },
  };
});

const secret = "a".repeat(32) + "0123456789abcdef0123456789abcdef";
const now = new Date("2026-03-01T12:00:00.000Z");
const nowS = Math.floor(now.getTime() / 1000);
const body = '{"externalCustomerId":"c-1",  "externalCustomerName":"Zoë"}';
const bytes = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

/** An independent HMAC computation, not through the module under test. */
const digest = (key: string | Buffer, content: string | Buffer) => createHmac("sha256", key).update(content).digest("hex");

function verify(overrides: Partial<VerifySignatureInput>) {
  return verifyResellerSignature({
    signatureHeader: null,
    timestampHeader: null,
    rawBody: bytes(body),
    signingSecret: secret,
    now,
    ...overrides,
  });
}

describe("verifyResellerSignature", () => {
  it("accepts hmac-sha256 over `<ts>.<raw body>` keyed with the secret's 64 ASCII characters (docs/decisions.md#d1)", () => {
    const ts = String(nowS);
    const header = `hmac-sha256=${digest(secret, `${ts}.${body}`)}`;
    expect(verify({ signatureHeader: header, timestampHeader: ts })).toBeNull();
    expect(signResellerRequest({ signingSecret: secret, timestamp: ts, body })).toBe(header);
  });

  it("refuses a signature keyed with the 32 bytes the hex spells", () => {
    const ts = String(nowS);
    const header = `hmac-sha256=${digest(Buffer.from(secret, "hex"), `${ts}.${body}`)}`;
    expect(verify({ signatureHeader: header, timestampHeader: ts })).toEqual({ status: 401, message: SIGNATURE_MESSAGES.invalid });
  });

  it("without a timestamp header signs the raw body alone", () => {
    expect(verify({ signatureHeader: `hmac-sha256=${digest(secret, body)}` })).toBeNull();
    // the `<ts>.` form is not what is signed then
    expect(verify({ signatureHeader: `hmac-sha256=${digest(secret, `${nowS}.${body}`)}` })?.message).toBe(SIGNATURE_MESSAGES.invalid);
  });

  it("signs the exact bytes: non-canonical JSON, escapes, trailing newline and invalid UTF-8 verify; any byte flip fails", () => {
    const variants = [body, '{ "a" : 1 }\n', '{"n":"caf\\u00e9"}', "\ufeff{}"];
    for (const v of variants) {
      expect(verify({ rawBody: bytes(v), signatureHeader: `hmac-sha256=${digest(secret, v)}` })).toBeNull();
    }
    const invalidUtf8 = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}')]);
    expect(verify({ rawBody: new Uint8Array(invalidUtf8), signatureHeader: `hmac-sha256=${digest(secret, invalidUtf8)}` })).toBeNull();
    const flipped = Buffer.from(body);
    flipped[5] ^= 1;
    expect(verify({ rawBody: new Uint8Array(flipped), signatureHeader: `hmac-sha256=${digest(secret, body)}` })?.status).toBe(401);
  });

  it("still accepts the deprecated signature over the re-serialised JSON body", () => {
    const reserialised = JSON.stringify(JSON.parse(body));
    expect(reserialised).not.toBe(body);
    const ts = String(nowS);
    expect(verify({ timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.${reserialised}`)}` })).toBeNull();
    expect(verify({ signatureHeader: `hmac-sha256=${digest(secret, reserialised)}` })).toBeNull();
    // but not some other re-encoding
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    expect(verify({ signatureHeader: `hmac-sha256=${digest(secret, pretty)}` })?.status).toBe(401);
  });

  it("accepts both empty-body forms, with and without a timestamp (docs/decisions.md#d2)", () => {
    const ts = String(nowS);
    const empty = new Uint8Array(0);
    expect(verify({ rawBody: empty, timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.`)}` })).toBeNull();
    expect(verify({ rawBody: empty, timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.{}`)}` })).toBeNull();
    expect(verify({ rawBody: empty, signatureHeader: `hmac-sha256=${digest(secret, "")}` })).toBeNull();
    expect(verify({ rawBody: empty, signatureHeader: `hmac-sha256=${digest(secret, "{}")}` })).toBeNull();
    // a body of `{}` is signed as sent; the empty form is only for body-less requests
    expect(verify({ rawBody: bytes("{}"), timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.`)}` })?.status).toBe(401);
    expect(verify({ rawBody: bytes("{}"), timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.{}`)}` })).toBeNull();
  });

  it.each([
    ["exactly 300 s behind", -300, null],
    ["exactly 300 s ahead", 300, null],
    ["301 s behind", -301, 401],
    ["301 s ahead", 301, 401],
    ["an hour behind", -3600, 401],
  ])("timestamp in seconds %s", (_label, offset, status) => {
    const ts = String(nowS + offset);
    const result = verify({ timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.${body}`)}` });
    if (status === null) expect(result).toBeNull();
    else expect(result).toEqual({ status, message: SIGNATURE_MESSAGES.timestampWindow });
  });

  it.each([
    ["exactly 300 000 ms behind", -300_000, null],
    ["exactly 300 000 ms ahead", 300_000, null],
    ["300 001 ms behind", -300_001, 401],
    ["300 001 ms ahead", 300_001, 401],
  ])("timestamp in milliseconds %s (values above 10^11 are ms)", (_label, offset, status) => {
    const ts = String(now.getTime() + offset);
    expect(Number(ts)).toBeGreaterThan(1e11);
    const result = verify({ timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.${body}`)}` });
    if (status === null) expect(result).toBeNull();
    else expect(result).toEqual({ status, message: SIGNATURE_MESSAGES.timestampWindow });
  });

  it("signs the timestamp verbatim (leading zeros included)", () => {
    const ts = `000${nowS}`;
    expect(verify({ timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.${body}`)}` })).toBeNull();
    expect(verify({ timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${nowS}.${body}`)}` })?.status).toBe(401);
  });

  it.each(["abc", "", "12.5", "-1700000000", "1e9", "0x10", " "])("non-numeric timestamp %j → 400", (ts) => {
    expect(verify({ timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, body)}` })).toEqual({
      status: 400,
      message: SIGNATURE_MESSAGES.timestampInvalid,
    });
  });

  it("a 20-digit timestamp is out of the window, not an error", () => {
    expect(verify({ timestampHeader: "9".repeat(20), signatureHeader: `hmac-sha256=${"0".repeat(64)}` })?.message).toBe(
      SIGNATURE_MESSAGES.timestampWindow,
    );
  });

  it("missing header → 401 with the exact sentence", () => {
    expect(verify({ signatureHeader: null })).toEqual({
      status: 401,
      message: "Request signature required for this operation. Include X-Reseller-Signature header.",
    });
  });

  it.each(["sha256=" + "0".repeat(64), "HMAC-SHA256=" + "0".repeat(64), "0".repeat(64), "hmac-sha256", "", "v1,abc"])(
    "header %j not of the form hmac-sha256=<value> → 400 Invalid signature format (docs/decisions.md#d3)",
    (header) => {
      expect(verify({ signatureHeader: header })).toEqual({ status: 400, message: "Invalid signature format" });
    },
  );

  it.each(["", "abc", "0".repeat(63), "0".repeat(65), "A".repeat(64), "g".repeat(64), `${"0".repeat(64)},${"1".repeat(64)}`])(
    "hmac-sha256=%j that is not 64 lowercase hex → 401 Invalid signature",
    (value) => {
      expect(verify({ signatureHeader: `hmac-sha256=${value}` })).toEqual({ status: 401, message: "Invalid signature" });
    },
  );

  it("an uppercase copy of a correct digest is refused (lowercase hex only)", () => {
    const good = digest(secret, body);
    expect(verify({ signatureHeader: `hmac-sha256=${good}` })).toBeNull();
    expect(verify({ signatureHeader: `hmac-sha256=${good.toUpperCase()}` })?.status).toBe(401);
  });

  it("a signature made with another secret is refused", () => {
    expect(verify({ signatureHeader: `hmac-sha256=${digest("b".repeat(64), body)}` })).toEqual({ status: 401, message: "Invalid signature" });
  });

  it("compares digests with timingSafeEqual for every candidate, whichever matches", () => {
    const ts = String(nowS);
    compared.calls = 0;
    expect(verify({ rawBody: new Uint8Array(0), timestampHeader: ts, signatureHeader: `hmac-sha256=${digest(secret, `${ts}.`)}` })).toBeNull();
    // the empty form matched first, and the `{}` form was still computed and compared
    expect(compared.calls).toBe(2);
    compared.calls = 0;
    expect(verify({ timestampHeader: ts, signatureHeader: `hmac-sha256=${"0".repeat(64)}` })?.status).toBe(401);
    expect(compared.calls).toBe(2); // raw body and its re-serialisation
  });
});

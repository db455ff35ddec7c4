import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GUIDE_V2_EXAMPLE, renderResellerGuide } from "./guide";
import {
  checkResellerSignature,
  resellerSignatureV2Content,
  SIGNATURE_MESSAGES,
  signResellerRequest,
  signResellerRequestV2,
  verifyResellerSignature,
  type SignaturePolicy,
  type VerifySignatureInput,
} from "./signature";

// Signature v2 (docs/decisions.md#r16): the vectors a client author checks against, and what v2 binds.
// The replay cache and the key settings through the dispatcher: signature-v2-api.test.ts.

const secret = "3f9a6c1e8b2d47f0a5c9e1b3d7f2a6c4e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8";
const body = '{"externalCustomerId":"cust-1001","externalCustomerEmail":"ada@example.com"}';
const timestamp = "1767225600000";
const now = new Date(Number(timestamp));
const bytes = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

/** The fixed vectors, as printed in the guide: computed once by hand (Python's hmac), not by the code under test. */
const VECTORS = [
  {
    method: "POST",
    target: "/v1/reseller/customers",
    body,
    signature: "v2=8fe0c08d40cf500035af5b997187522cec2a5c48df49611eba9d3122bc984b5c",
  },
  {
    method: "DELETE",
    target: "/v1/reseller/customers/6f1c2a4e-9b3d-4c8e-a1f5-2d7b9e0c3a48?reason=closed",
    body: "",
    signature: "v2=f28006b5e8ce6c3cf57ba8f8661132e401840825d4527983bade09ac92cfb660",
  },
] as const;

/** An independent v2 signer: HMAC-SHA256 over the five lines, straight from node:crypto. */
function independentV2(input: { method: string; target: string; timestamp: string; body: string }, key = secret): string {
  const bodyHash = createHash("sha256").update(input.body, "utf8").digest("hex");
  return `v2=${createHmac("sha256", key).update(["v2", input.method, input.target, input.timestamp, bodyHash].join("\n")).digest("hex")}`;
}

const good = { method: "POST", target: "/v1/reseller/customers", timestamp, body };

function check(overrides: Partial<VerifySignatureInput> = {}) {
  return checkResellerSignature({
    signatureHeader: independentV2(good),
    timestampHeader: timestamp,
    rawBody: bytes(body),
    signingSecret: secret,
    now,
    method: "POST",
    target: "/v1/reseller/customers",
    ...overrides,
  });
}

const refused = (status: 400 | 401, message: string) => ({ ok: false, failure: { status, message } });

describe("signature v2 test vectors (also printed in the guide)", () => {
  it.each(VECTORS)("$method $target", (vector) => {
    const input = { method: vector.method, target: vector.target, timestamp, body: vector.body };
    expect(independentV2(input)).toBe(vector.signature);
    expect(signResellerRequestV2({ signingSecret: secret, ...input })).toBe(vector.signature);
    expect(
      verifyResellerSignature({
        signatureHeader: vector.signature,
        timestampHeader: timestamp,
        rawBody: bytes(vector.body),
        signingSecret: secret,
        now,
        method: vector.method,
        target: vector.target,
      }),
    ).toBeNull();
  });

  it("the guide prints the same vectors: inputs, five-line content and header", () => {
    expect(GUIDE_V2_EXAMPLE).toMatchObject({ secret, timestamp, method: VECTORS[0].method, target: VECTORS[0].target, body, emptyTarget: VECTORS[1].target });
    const md = renderResellerGuide("https://portal.example/v1/reseller");
    for (const v of VECTORS) expect(md).toContain(`X-Reseller-Signature: ${v.signature}`);
    expect(md).toContain(`Signing secret \`${secret}\``);
    expect(md).toContain(resellerSignatureV2Content({ method: "POST", target: "/v1/reseller/customers", timestamp, body }));
    expect(md).toContain(`v2\nPOST\n/v1/reseller/customers\n${timestamp}\ne575399bd083dd8224ccc459ca7b141118f59120ef7c4854b290bb164686e0ea\n`);
  });
});

describe("checkResellerSignature, v2", () => {
  it("accepts a good signature and hands back what the replay cache spends: the digest, and when its timestamp leaves the window", () => {
    expect(check()).toEqual({
      ok: true,
      version: "v2",
      signature: VECTORS[0].signature.slice(3),
      expiresAt: new Date(now.getTime() + 300_000),
    });
    // seconds work too, verbatim
    const seconds = String(now.getTime() / 1000);
    expect(check({ timestampHeader: seconds, signatureHeader: independentV2({ ...good, timestamp: seconds }) })).toMatchObject({ ok: true, version: "v2" });
  });

  it("binds the path: another path, another query or none refuses", () => {
    for (const target of ["/v1/reseller/customers/x", "/v1/reseller/customers?x=1", "/v1/reseller/customer", "/customers"]) {
      expect(check({ target })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
    }
    const withQuery = { ...good, target: "/v1/reseller/customers?a=1&b=2" };
    expect(check({ target: withQuery.target, signatureHeader: independentV2(withQuery) })).toMatchObject({ ok: true });
    expect(check({ target: "/v1/reseller/customers?b=2&a=1", signatureHeader: independentV2(withQuery) })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
  });

  it("binds the method", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) expect(check({ method })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
  });

  it("binds the exact body bytes: a changed, re-serialised or empty body refuses, and `{}` is not an alternative", () => {
    expect(check({ rawBody: bytes(body.replace("1001", "1002")) })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
    expect(check({ rawBody: bytes(JSON.stringify(JSON.parse(body), null, 1)) })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
    expect(check({ rawBody: bytes(`${body}\n`) })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
    const bodiless = { ...good, method: "DELETE", body: "" };
    const overBraces = independentV2({ ...bodiless, body: "{}" });
    expect(check({ method: "DELETE", rawBody: new Uint8Array(0), signatureHeader: overBraces })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
    expect(check({ method: "DELETE", rawBody: new Uint8Array(0), signatureHeader: independentV2(bodiless) })).toMatchObject({ ok: true });
  });

  it("binds the timestamp verbatim", () => {
    expect(check({ timestampHeader: String(Number(timestamp) + 1) })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
    expect(check({ timestampHeader: `0${timestamp}` })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
  });

  it("refuses a signature made with another secret, or with the 32 bytes the hex spells", () => {
    expect(check({ signatureHeader: independentV2(good, "b".repeat(64)) })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
    const bodyHash = createHash("sha256").update(body).digest("hex");
    const decodedKey = createHmac("sha256", Buffer.from(secret, "hex")).update(["v2", "POST", good.target, timestamp, bodyHash].join("\n")).digest("hex");
    expect(check({ signatureHeader: `v2=${decodedKey}` })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
  });

  it("requires the timestamp: missing → 401 with its own sentence", () => {
    expect(check({ timestampHeader: null })).toEqual(refused(401, "A v2 signature requires the X-Reseller-Timestamp header"));
  });

  it.each([
    ["300 001 ms behind", -300_001],
    ["300 001 ms ahead", 300_001],
    ["an hour behind", -3_600_000],
  ])("refuses a timestamp %s (outside the window), even correctly signed", (_label, offset) => {
    const ts = String(now.getTime() + offset);
    expect(check({ timestampHeader: ts, signatureHeader: independentV2({ ...good, timestamp: ts }) })).toEqual(refused(401, SIGNATURE_MESSAGES.timestampWindow));
  });

  it("accepts exactly 300 s either way", () => {
    for (const offset of [-300_000, 300_000]) {
      const ts = String(now.getTime() + offset);
      expect(check({ timestampHeader: ts, signatureHeader: independentV2({ ...good, timestamp: ts }) })).toMatchObject({ ok: true });
    }
  });

  it("a non-numeric timestamp is 400, as in v1", () => {
    expect(check({ timestampHeader: "soon" })).toEqual(refused(400, SIGNATURE_MESSAGES.timestampInvalid));
  });

  it.each(["", "abc", "0".repeat(63), "A".repeat(64), `${"0".repeat(64)} `])("v2=%j that is not 64 lowercase hex → 401 Invalid signature", (value) => {
    expect(check({ signatureHeader: `v2=${value}` })).toEqual(refused(401, SIGNATURE_MESSAGES.invalid));
  });

  it("an uppercase method signs the same as the request's (methods are upper-cased)", () => {
    expect(signResellerRequestV2({ signingSecret: secret, ...good, method: "post" })).toBe(VECTORS[0].signature);
  });
});

describe("key settings (SignaturePolicy)", () => {
  const v2Only: SignaturePolicy = { signatureVersion: "v2", requireTimestamp: false };
  const v1WithTimestamp: SignaturePolicy = { signatureVersion: "v1", requireTimestamp: true };
  const v1ts = signResellerRequest({ signingSecret: secret, timestamp, body });
  const v1bare = signResellerRequest({ signingSecret: secret, timestamp: null, body });

  it("a key that requires v2 refuses v1 signatures, good ones included, and accepts v2", () => {
    expect(check({ policy: v2Only, signatureHeader: v1ts })).toEqual(
      refused(401, "This API key accepts only v2 signatures (X-Reseller-Signature: v2=<64 lowercase hex>)"),
    );
    expect(check({ policy: v2Only, signatureHeader: v1bare, timestampHeader: null })).toEqual(refused(401, SIGNATURE_MESSAGES.v2Required));
    expect(check({ policy: v2Only })).toMatchObject({ ok: true, version: "v2" });
    // a header of neither form is still the format error
    expect(check({ policy: v2Only, signatureHeader: "v3=abc" })).toEqual(refused(400, SIGNATURE_MESSAGES.format));
  });

  it("a v1 key that requires a timestamp refuses a v1 signature without one and accepts one with it", () => {
    expect(check({ policy: v1WithTimestamp, signatureHeader: v1bare, timestampHeader: null })).toEqual(
      refused(401, "This API key requires the X-Reseller-Timestamp header on signed requests"),
    );
    expect(check({ policy: v1WithTimestamp, signatureHeader: v1ts })).toEqual({ ok: true, version: "v1" });
    expect(check({ policy: v1WithTimestamp })).toMatchObject({ ok: true, version: "v2" });
  });

  it("a key that did not opt in keeps v1 exactly as the spec says (no timestamp needed, `{}` and re-serialised forms) and also takes v2", () => {
    expect(check({ signatureHeader: v1bare, timestampHeader: null })).toEqual({ ok: true, version: "v1" });
    expect(check({ signatureHeader: v1ts })).toEqual({ ok: true, version: "v1" });
    const reserialised = signResellerRequest({ signingSecret: secret, timestamp, body: JSON.stringify(JSON.parse(body)) });
    expect(check({ rawBody: bytes(JSON.stringify(JSON.parse(body), null, 1)), signatureHeader: reserialised })).toEqual({ ok: true, version: "v1" });
    expect(check({ rawBody: new Uint8Array(0), signatureHeader: signResellerRequest({ signingSecret: secret, timestamp, body: "{}" }) })).toEqual({
      ok: true,
      version: "v1",
    });
    expect(check()).toMatchObject({ ok: true, version: "v2" });
  });
});

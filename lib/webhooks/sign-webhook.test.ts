import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildWebhookRequest, signWebhookBody, verifyWebhookSignature, webhookBody, WEBHOOK_USER_AGENT } from "./sign-webhook";
import { WEBHOOK_GUIDE_EXAMPLE, webhookGuideExample } from "./webhook-guide-example";

const SECRET = "3f9a6c1e8b2d47f0a5c9e1b3d7f2a6c4e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8";

describe("webhook signatures", () => {
  it("reproduce GitHub's published HMAC-SHA256 vector (same construction, hex)", () => {
    expect(signWebhookBody("It's a Secret to Everybody", "Hello, World!")).toBe(
      "hmac-sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
    );
  });

  it("key with the secret's 64 ASCII characters, not the 32 bytes they spell (docs/decisions.md#d1)", () => {
    const body = '{"event":"webhook.test"}';
    const ascii = createHmac("sha256", Buffer.from(SECRET, "utf8")).update(body).digest("hex");
    const decoded = createHmac("sha256", Buffer.from(SECRET, "hex")).update(body).digest("hex");
    expect(signWebhookBody(SECRET, body)).toBe(`hmac-sha256=${ascii}`);
    expect(signWebhookBody(SECRET, body)).not.toBe(`hmac-sha256=${decoded}`);
  });

  it("sign the raw bytes: a re-serialised body, one flipped byte or another secret does not verify", () => {
    const raw = '{ "event" : "order.paid", "data": {"name":"Caf\\u00e9"} }\n';
    const header = signWebhookBody(SECRET, raw);
    expect(verifyWebhookSignature(SECRET, raw, header)).toBe(true);
    expect(verifyWebhookSignature(SECRET, Buffer.from(raw), header)).toBe(true);
    expect(verifyWebhookSignature(SECRET, JSON.stringify(JSON.parse(raw)), header)).toBe(false);
    expect(verifyWebhookSignature(SECRET, raw.replace("paid", "pail"), header)).toBe(false);
    expect(verifyWebhookSignature("0".repeat(64), raw, header)).toBe(false);
    expect(verifyWebhookSignature(SECRET, raw, header.toUpperCase())).toBe(false);
    expect(verifyWebhookSignature(SECRET, raw, null)).toBe(false);
  });

  it("every attempt has its own timestamp, body and signature under the same X-Webhook-Id", () => {
    const base = { deliveryId: "7d3f2a91-5c4e-4b8a-9f61-2e0d8c7b6a54", event: "service.suspended", data: { serviceId: "s" }, signingSecret: SECRET, host: "hooks.example.com" };
    const first = buildWebhookRequest({ ...base, attemptAt: new Date("2026-01-01T00:00:00.000Z") });
    const retry = buildWebhookRequest({ ...base, attemptAt: new Date("2026-01-01T00:07:00.000Z") });
    expect(first.headers["X-Webhook-Id"]).toBe(retry.headers["X-Webhook-Id"]);
    expect(retry.headers["X-Webhook-Timestamp"]).toBe("2026-01-01T00:07:00.000Z");
    expect(JSON.parse(retry.body).timestamp).toBe(retry.headers["X-Webhook-Timestamp"]);
    expect(retry.body).not.toBe(first.body);
    expect(retry.headers["X-Webhook-Signature"]).not.toBe(first.headers["X-Webhook-Signature"]);
    expect(verifyWebhookSignature(SECRET, retry.body, retry.headers["X-Webhook-Signature"])).toBe(true);
  });

  it("send exactly the spec's headers", () => {
    const r = buildWebhookRequest({ deliveryId: "d-1", event: "webhook.test", data: { message: "hi" }, attemptAt: new Date("2026-02-03T04:05:06.007Z"), signingSecret: SECRET, host: "hooks.example.com:8443" });
    expect(r.body).toBe('{"event":"webhook.test","timestamp":"2026-02-03T04:05:06.007Z","data":{"message":"hi"}}');
    expect(r.headers).toEqual({
      Host: "hooks.example.com:8443",
      "User-Agent": WEBHOOK_USER_AGENT,
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(r.body)),
      "X-Webhook-Event": "webhook.test",
      "X-Webhook-Id": "d-1",
      "X-Webhook-Timestamp": "2026-02-03T04:05:06.007Z",
      "X-Webhook-Signature": signWebhookBody(SECRET, r.body),
      Connection: "keep-alive",
    });
    expect(WEBHOOK_USER_AGENT).toMatch(/^[A-Za-z]+-Reseller-Webhook\/1\.0$/);
    expect(r.headers["X-Webhook-Signature"]).toMatch(/^hmac-sha256=[0-9a-f]{64}$/);
  });

  it("the guide's worked example: body and signature as printed, and OpenSSL agrees", () => {
    const example = webhookGuideExample();
    expect(example.body).toBe(
      '{"event":"order.paid","timestamp":"2026-01-01T12:00:00.000Z","data":{"orderId":"0b6f4c2e-8a1d-4e3f-b5c7-9d2e1f0a3b4c",' +
        '"orderNumber":"ORD-10042","externalOrderId":"shop-5531","externalCustomerId":"cust-1001","status":"paid","paymentMode":"credit",' +
        '"amount":20,"vat":4.2,"total":24.2,"currency":"EUR","invoiceId":null,"services":[{"serviceId":"4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d","status":"pending"}]}}',
    );
    expect(example.headers["X-Webhook-Signature"]).toBe("hmac-sha256=f55fd2b8716bc2908ad994035b5ae44bdaaf9817d31ba89c3670f95aab062001");
    const openssl = execFileSync("openssl", ["dgst", "-sha256", "-hmac", WEBHOOK_GUIDE_EXAMPLE.secret], { input: example.body }).toString();
    expect(openssl.trim().replace(/^.*= /, "")).toBe("f55fd2b8716bc2908ad994035b5ae44bdaaf9817d31ba89c3670f95aab062001");
    expect(webhookBody("x", new Date(0), null)).toBe('{"event":"x","timestamp":"1970-01-01T00:00:00.000Z","data":null}');
  });
});

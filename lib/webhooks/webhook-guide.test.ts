import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderResellerGuide } from "@/lib/api/reseller/guide";
import { freePort } from "@/lib/testing/start-server";
import { buildWebhookRequest, verifyWebhookSignature } from "./sign-webhook";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/webhook-receiver";
import { WEBHOOK_GUIDE_EXAMPLE } from "./webhook-guide-example";

const run = promisify(execFile);
const md = renderResellerGuide("http://rackfront.test/v1/reseller");
const section = md.slice(md.indexOf("## Webhooks"), md.indexOf("## Rules that settle ambiguities"));
const SIGNATURE = "hmac-sha256=f55fd2b8716bc2908ad994035b5ae44bdaaf9817d31ba89c3670f95aab062001";

function codeBlocks(text: string): { lang: string; code: string }[] {
  return [...text.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}
const blocks = codeBlocks(section);
const verifyBlock = blocks.find((b) => b.lang === "js" && b.code.includes("function verifyWebhook"))!.code;
const receiverBlock = blocks.find((b) => b.lang === "js" && b.code.includes("createServer"))!.code;

describe("the guide's webhook section", () => {
  it("lists every header, every event and the refusal sentences", () => {
    for (const h of ["Content-Type", "User-Agent", "X-Webhook-Event", "X-Webhook-Id", "X-Webhook-Timestamp", "X-Webhook-Signature", "Rackfront-Reseller-Webhook/1.0"]) {
      expect(section).toContain(h);
    }
    for (const e of ["order.paid", "order.invoiced", "order.payment_failed", "service.provisioned", "service.provisioning_failed", "service.suspended", "service.unsuspended", "service.terminated", "webhook.test"]) {
      expect(section).toContain(`\`${e}\``);
    }
    expect(section).toContain("`Webhook URL host could not be resolved`");
    expect(section).toContain("`Webhook URL must be an absolute URL starting with http:// or https://`");
    expect(section).toContain("400 No webhook URL configured");
  });

  it("prints the retry schedule: 60 s doubling, capped at an hour, 20 attempts over about 14 hours", () => {
    for (const row of [
      "| 1 | — | 0 |",
      "| 2 | 60 s | 1 min |",
      "| 3 | 120 s | 3 min |",
      "| 4 | 240 s | 7 min |",
      "| 5 | 480 s | 15 min |",
      "| 6 | 960 s | 31 min |",
      "| 7 | 1920 s | 1 h 3 min |",
      "| 8 | 3600 s | 2 h 3 min |",
      "| 9 … 20 | 3600 s each | … 14 h 3 min |",
    ]) {
      expect(section).toContain(row);
    }
  });

  it("states the worked example's body and signature, and they agree with the signer", () => {
    const e = WEBHOOK_GUIDE_EXAMPLE;
    const body = blocks.find((b) => b.lang === "json")!.code.trim();
    expect(section).toContain(`X-Webhook-Signature: ${SIGNATURE}`);
    expect(verifyWebhookSignature(e.secret, body, SIGNATURE)).toBe(true);
    expect(JSON.parse(body)).toMatchObject({ event: "order.paid", timestamp: "2026-01-01T12:00:00.000Z", data: { orderNumber: "ORD-10042", total: 24.2 } });
  });

  it("the OpenSSL line prints the stated digest", async () => {
    const check = blocks.find((b) => b.lang === "sh" && b.code.includes("openssl dgst"))!;
    const { stdout } = await run("bash", ["-c", check.code]);
    expect(stdout.trim().split(" ").pop()).toBe(SIGNATURE.slice("hmac-sha256=".length));
    expect(section).toContain(`prints \`${SIGNATURE.slice("hmac-sha256=".length)}\``);
  });

  it("the Node verifier accepts the worked example and refuses a changed body", async () => {
    const e = WEBHOOK_GUIDE_EXAMPLE;
    const body = blocks.find((b) => b.lang === "json")!.code.trim();
    const code = `${verifyBlock}
const body = ${JSON.stringify(body)};
console.log(JSON.stringify([verifyWebhook(body, ${JSON.stringify(SIGNATURE)}, ${JSON.stringify(e.secret)}), verifyWebhook(Buffer.from(body), ${JSON.stringify(SIGNATURE)}, ${JSON.stringify(e.secret)}), verifyWebhook(body.replace("24.2", "2.42"), ${JSON.stringify(SIGNATURE)}, ${JSON.stringify(e.secret)})]));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", code]);
    expect(JSON.parse(stdout)).toEqual([true, true, false]);
  });

  describe("run against receivers", () => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver((_req, res) => res.writeHead(204).end());
    });
    afterAll(async () => {
      await receiver?.close();
    });

    it("the curl line delivers the worked example exactly: the signature verifies on arrival", async () => {
      const curl = blocks.find((b) => b.lang === "sh" && b.code.includes("curl"))!.code.replace("https://your-endpoint.example.com/rackfront", receiver.url);
      const { stdout } = await run("bash", ["-c", curl]);
      expect(stdout.trim()).toBe("204");
      const got = receiver.received.at(-1)!;
      expect(got.headers).toMatchObject({
        "x-webhook-id": WEBHOOK_GUIDE_EXAMPLE.deliveryId,
        "x-webhook-event": "order.paid",
        "x-webhook-timestamp": "2026-01-01T12:00:00.000Z",
        "x-webhook-signature": SIGNATURE,
        "user-agent": "Rackfront-Reseller-Webhook/1.0",
      });
      expect(verifyWebhookSignature(WEBHOOK_GUIDE_EXAMPLE.secret, got.body, got.headers["x-webhook-signature"] as string)).toBe(true);
    });

    it("the sample receiver takes a fresh signed delivery once, and refuses a bad signature and the old worked example", async () => {
      const port = await freePort();
      const secret = "a".repeat(64);
      const child = spawn(process.execPath, ["--input-type=module", "-e", `${verifyBlock}\n${receiverBlock.replace(".listen(8080)", `.listen(${port}, "127.0.0.1")`)}`], {
        env: { ...process.env, SIGNING_SECRET: secret },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      try {
        const post = (headers: Record<string, string>, body: string) =>
          fetch(`http://127.0.0.1:${port}/`, { method: "POST", headers, body }).then((r) => r.status);
        for (let i = 0; ; i++) {
          try {
            await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "" });
            break;
          } catch {
            if (i > 100) throw new Error(`the sample receiver did not start:\n${out}`);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
        const fresh = buildWebhookRequest({ deliveryId: "d-42", event: "webhook.test", data: { message: "hi" }, attemptAt: new Date(), signingSecret: secret, host: "x" });
        const headers = { ...fresh.headers };
        delete (headers as Record<string, string>).Host;
        delete (headers as Record<string, string>).Connection;
        delete (headers as Record<string, string>)["Content-Length"];
        expect(await post(headers, fresh.body)).toBe(204);
        expect(await post(headers, fresh.body)).toBe(204);
        expect(await post({ ...headers, "X-Webhook-Signature": SIGNATURE }, fresh.body)).toBe(401);
        const old = buildWebhookRequest({ ...WEBHOOK_GUIDE_EXAMPLE, signingSecret: secret, host: "x" });
        expect(await post({ "X-Webhook-Timestamp": old.headers["X-Webhook-Timestamp"]!, "X-Webhook-Signature": old.headers["X-Webhook-Signature"]!, "X-Webhook-Id": "old" }, old.body)).toBe(401);
        await new Promise((resolve) => setTimeout(resolve, 100));
        // Processed once although delivered twice.
        expect(out.match(/webhook\.test/g)).toHaveLength(1);
      } finally {
        child.kill();
      }
    });
  });
});

import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, snap, submitLogin, test } from "../fixtures";

// The server was started with RACKFRONT_WEBHOOK_TEST_ALLOW=127.0.0.1 (e2e/global-setup.ts), so a
// receiver on loopback is an acceptable webhook URL here and nowhere else. The test and resend buttons
// ask for a sweep at once, so nobody waits for the once-a-minute schedule.

type Received = { headers: http.IncomingHttpHeaders; body: string };

function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("received by the e2e receiver");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rackfront-hook`,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

function verify(secret: string, body: string, header: string | undefined): boolean {
  const expected = Buffer.from(`hmac-sha256=${createHmac("sha256", secret).update(body).digest("hex")}`);
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test.describe("reseller portal: webhooks", () => {
  test("set the URL, send a test event, verify it on arrival, read the log and the attempt, send again, clear", async ({ page, creds }, testInfo) => {
    test.setTimeout(180_000);
    const receiver = await startReceiver();
    try {
      await submitLogin(page, creds.reseller);
      await expect(page).toHaveURL(/\/reseller$/);

      // The signing secret in force (another spec may have rotated the demo one).
      await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "Signing secret" }).click();
      await page.getByRole("button", { name: "Reveal" }).click();
      await expect(page.getByTestId("signing-secret")).toHaveText(/^[0-9a-f]{64}$/);
      const secret = (await page.getByTestId("signing-secret").textContent())!;

      await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "Webhooks" }).click();
      await expect(page).toHaveURL(/\/reseller\/webhooks$/);
      await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
      await expect(page.getByText("No deliveries yet")).toBeVisible();
      await expect(page.getByText("Events raised while no URL is on file are")).toBeVisible();
      await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
      await snap(page, testInfo, "webhooks-empty");

      // The same checks as the API: a private address is refused with a sentence saying why.
      const form = page.getByRole("form", { name: "Webhook URL" });
      await form.getByLabel("Endpoint URL").fill("http://10.0.0.7/hook");
      await form.getByRole("button", { name: "Save URL" }).click();
      await expect(form.getByText("Webhook URL must use a public host: 10.0.0.7 is a private address")).toBeVisible();
      await form.getByLabel("Endpoint URL").fill("hooks.example.com/x");
      await form.getByRole("button", { name: "Save URL" }).click();
      await expect(form.getByText("Webhook URL must be an absolute URL starting with http:// or https://")).toBeVisible();
      await snap(page, testInfo, "webhooks-url-refused");

      await form.getByLabel("Endpoint URL").fill(receiver.url);
      await form.getByRole("button", { name: "Save URL" }).click();
      await expect(page.getByText("Webhook URL saved.")).toBeVisible();
      await expect(page.getByText("Events are delivered here.")).toBeVisible();

      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByText("Test event queued.")).toBeVisible();
      // The button asks for a sweep at once: no waiting for the minute.
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

      const first = receiver.received[0]!;
      expect(first.headers["content-type"]).toBe("application/json");
      expect(first.headers["user-agent"]).toBe("Rackfront-Reseller-Webhook/1.0");
      expect(first.headers["x-webhook-event"]).toBe("webhook.test");
      expect(first.headers["x-webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
      const body = JSON.parse(first.body) as { event: string; timestamp: string; data: { message: string } };
      expect(body.event).toBe("webhook.test");
      expect(body.timestamp).toBe(first.headers["x-webhook-timestamp"]);
      expect(Math.abs(Date.now() - Date.parse(body.timestamp))).toBeLessThan(120_000);
      expect(verify(secret, first.body, first.headers["x-webhook-signature"] as string)).toBe(true);
      expect(verify("0".repeat(64), first.body, first.headers["x-webhook-signature"] as string)).toBe(false);
      const deliveryId = first.headers["x-webhook-id"] as string;

      // The log shows it delivered; the detail shows what was sent, byte for byte.
      await page.reload();
      const row = page.getByRole("row", { name: /webhook\.test/ });
      await expect(row).toContainText("Delivered");
      await expect(row).toContainText("HTTP 200");
      await snap(page, testInfo, "webhooks-log");
      await row.getByRole("link", { name: "webhook.test" }).click();
      await expect(page).toHaveURL(new RegExp(`/reseller/webhooks/${deliveryId}$`));
      await expect(page.getByText(`X-Webhook-Id ${deliveryId}`)).toBeVisible();
      const attempt = page.getByRole("region", { name: "Attempt 1" });
      await expect(attempt).toContainText("HTTP 200");
      await expect(attempt).toContainText("received by the e2e receiver");
      await expect(attempt.getByTestId("request-body")).toHaveText(first.body);
      await expect(attempt.locator('[data-header="X-Webhook-Signature"]')).toHaveText(first.headers["x-webhook-signature"] as string);
      await snap(page, testInfo, "webhooks-delivery-detail");

      // Send again: a new attempt with the same X-Webhook-Id, a new timestamp and signature.
      await page.getByRole("button", { name: "Send again" }).click();
      await expect(page.getByText("Queued again with the same X-Webhook-Id.")).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      const second = receiver.received[1]!;
      expect(second.headers["x-webhook-id"]).toBe(deliveryId);
      expect(verify(secret, second.body, second.headers["x-webhook-signature"] as string)).toBe(true);
      await page.reload();
      await expect(page.getByRole("region", { name: "Attempt 2" })).toContainText("HTTP 200");
      await snap(page, testInfo, "webhooks-sent-again");

      // Filters.
      await page.getByRole("link", { name: "← Webhooks" }).click();
      const filters = page.getByRole("form", { name: "Filter deliveries" });
      await filters.getByLabel("Status").selectOption("failed");
      await filters.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/status=failed/);
      await expect(page.getByText("No delivery matches these filters")).toBeVisible();
      await filters.getByLabel("Status").selectOption("delivered");
      await filters.getByLabel("Event").selectOption("webhook.test");
      await filters.getByRole("button", { name: "Filter" }).click();
      await expect(page.getByRole("row", { name: /webhook\.test/ })).toHaveCount(1);
      await snap(page, testInfo, "webhooks-filtered");

      // Clearing the URL: events are dropped again, the test button is off.
      await page.getByRole("button", { name: "Clear URL" }).click();
      await expect(page.getByText("Webhook URL cleared.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
      await snap(page, testInfo, "webhooks-cleared");
    } finally {
      await receiver.close();
    }
  });
});

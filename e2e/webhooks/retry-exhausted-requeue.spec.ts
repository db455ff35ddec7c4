import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, signOut, snap, submitLogin, test } from "../fixtures";

// Runs after reseller-webhooks.spec.ts (file order), which expects the demo reseller to have no
// deliveries yet. The operator lowers the attempt limit to 1 so a failing receiver exhausts a delivery
// at once, re-queues it from the console once the receiver works, and puts the limit back.

function startReceiver() {
  const received: string[] = [];
  let status = 500;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push(String(req.headers["x-webhook-id"]));
      res.writeHead(status).end(status === 200 ? "ok" : "down for maintenance");
    });
  });
  return new Promise<{ url: string; received: string[]; answer(s: number): void; close(): Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received,
        answer: (s) => (status = s),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

test.describe("operator console: webhooks", () => {
  test("set the attempt limit, see a delivery that failed for good, re-queue it", async ({ page, creds }, testInfo) => {
    test.setTimeout(180_000);
    const receiver = await startReceiver();
    try {
      await submitLogin(page, creds.admin);
      await expect(page).toHaveURL(/\/admin$/);
      await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Webhooks" }).click();
      await expect(page).toHaveURL(/\/admin\/webhooks$/);
      await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
      await expect(page.getByText("No failed deliveries")).toBeVisible();

      const limit = page.getByRole("form", { name: "Attempt limit" });
      await expect(limit.getByLabel("Attempts per delivery")).toHaveValue("20");
      await limit.getByLabel("Attempts per delivery").fill("0");
      await limit.getByRole("button", { name: "Save" }).click();
      await expect(limit.getByText("The attempt limit must be a whole number from 1 to 50")).toBeVisible();
      await limit.getByLabel("Attempts per delivery").fill("1");
      await limit.getByLabel("Attempts per delivery").press("Enter");
      await expect(limit.getByText("Saved: deliveries fail for good after 1 attempt from")).toBeVisible();
      await snap(page, testInfo, "admin-webhooks-empty");
      await signOut(page);

      // The reseller's endpoint answers 500: with one attempt allowed, the test event fails for good.
      await submitLogin(page, creds.reseller);
      await expect(page).toHaveURL(/\/reseller$/);
      await page.goto("/reseller/webhooks");
      const form = page.getByRole("form", { name: "Webhook URL" });
      await form.getByLabel("Endpoint URL").fill(receiver.url);
      await form.getByRole("button", { name: "Save URL" }).click();
      await expect(page.getByText("Webhook URL saved.")).toBeVisible();
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByText("Test event queued.")).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
      const deliveryId = receiver.received[0]!;
      await signOut(page);

      await submitLogin(page, creds.admin);
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto("/admin/webhooks");
      const row = page.getByRole("row", { name: new RegExp(deliveryId) });
      await expect(async () => {
        await page.reload();
        await expect(row).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(row).toContainText("webhook.test");
      await expect(row).toContainText("HTTP 500");
      await expect(row).toContainText("Answered 500");
      await snap(page, testInfo, "admin-webhooks-failed");

      // The receiver is back: re-queue sends it again with the same id, and it leaves the list.
      receiver.answer(200);
      await row.getByRole("button", { name: /Re-queue/ }).click();
      await expect(page.getByRole("status").filter({ hasText: "Re-queued webhook.test: sending now" })).toBeVisible();
      // No longer failed: the row leaves the list at once.
      await expect(page.getByText("No failed deliveries")).toBeVisible();
      await snap(page, testInfo, "admin-webhooks-requeued");
      await expect.poll(() => receiver.received, { timeout: 30_000 }).toEqual([deliveryId, deliveryId]);
    } finally {
      // Put the default back for whoever runs next.
      await page.goto("/admin/webhooks").catch(() => {});
      const field = page.getByRole("form", { name: "Attempt limit" }).getByLabel("Attempts per delivery");
      if (await field.isVisible().catch(() => false)) {
        await field.fill("20");
        await field.press("Enter");
        await expect(page.getByText("Saved: deliveries fail for good after 20 attempts")).toBeVisible();
      }
      await receiver.close();
    }
  });
});

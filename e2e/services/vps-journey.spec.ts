import { expect, openServiceTab, signOut, snap, submitLogin, test } from "../fixtures";

// A whole VPS life in the panel: ordered and paid from credit, built (progress shown while it is set
// up), rebooted, snapshotted and reverted, then terminated at once. The VPS is an extra one; the
// demo VPS and the other demo data are left as they were (its credit is spent, as any order would).

test.describe("customer panel: a VPS from order to termination", () => {
  test("order VPS S, pay from credit, watch it become active, reboot, snapshot, revert, cancel now", async ({ page, creds }, testInfo) => {
    // The simulated build takes about half a minute, the revert twenty seconds.
    test.setTimeout(300_000);
    const hostname = `journey-${Date.now().toString(36)}.example.com`;

    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Order" }).click();
    await page.getByTestId("product-vps-s").getByRole("link", { name: "Configure VPS S" }).click();
    const form = page.getByRole("form", { name: "Configure VPS S" });
    await form.getByRole("radio", { name: /^Monthly/ }).check();
    await form.getByRole("radio", { name: /Amsterdam/ }).check();
    await expect(form.getByLabel("Operating system")).not.toHaveValue("");
    await form.getByLabel("Hostname").fill(hostname);
    await form.getByRole("button", { name: "Review order" }).click();
    const review = page.getByTestId("order-review");
    await expect(review.getByRole("heading", { name: "Review: VPS S, monthly" })).toBeVisible();
    await expect(review).toContainText(hostname);
    await review.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/billing\/invoices\/[0-9a-f-]{36}\?ordered=ORD-\d{4}-\d{6}$/);
    await page.getByRole("form", { name: "Pay from credit" }).getByRole("button", { name: /^Pay €[\d.,]+ from credit$/ }).click();
    await expect(page.getByText("The invoice is paid")).toBeVisible();
    await snap(page, testInfo, "journey-paid");

    // The new service is listed; its page shows the setup while it runs, then the running server.
    await page.goto("/services");
    await page.getByRole("link", { name: hostname }).click();
    await expect(page.getByRole("heading", { name: hostname, level: 1 })).toBeVisible();
    const progress = page.getByRole("progressbar", { name: "Progress" });
    await expect(page.getByText("Your server is being set up").or(progress).first()).toBeVisible();
    await expect(page.getByText(/^Setting up…/)).toBeVisible({ timeout: 60_000 });
    await expect(progress).toBeVisible();
    // Nothing to reinstall or reset yet.
    await expect(page.getByRole("button", { name: "Reinstall…" })).toHaveCount(0);
    await snap(page, testInfo, "journey-setting-up");
    await expect(page.getByText("The server is running.")).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText("Your server is being set up")).toBeHidden({ timeout: 15_000 });
    await expect(page.getByRole("definition").filter({ hasText: "Active" }).first()).toBeVisible();
    await expect(progress).toBeHidden();
    await openServiceTab(page, "settings");
    await expect(page.getByRole("button", { name: "Reinstall…" })).toBeVisible();
    // A new server has no usage samples yet, and says when they come.
    await openServiceTab(page, "usage");
    await expect(page.getByTestId("usage-card").getByText("No samples yet")).toBeVisible();
    await snap(page, testInfo, "journey-active");

    // Reboot, confirmed, with its progress.
    await openServiceTab(page, "power");
    await page.getByRole("button", { name: "Restart" }).click();
    await page.getByRole("dialog", { name: "Restart the server?" }).getByRole("button", { name: "Restart" }).click();
    await expect(page.getByText(/^Restarting…/)).toBeVisible();
    await expect(progress).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText("The server is running.")).toBeVisible();
    // The activity card lists the restart, done, above the setup.
    await openServiceTab(page, "activity");
    const activity = page.getByTestId("activity-card").getByRole("listitem");
    await expect(activity.first()).toContainText(/Restart.*Done/, { timeout: 30_000 });
    await expect(activity.last()).toContainText(/Setup.*Done/);

    // Snapshot, then revert to it.
    await openServiceTab(page, "backups");
    await page.getByLabel("Snapshot name").fill("journey-base");
    await page.getByRole("button", { name: "Take snapshot" }).click();
    const row = page.getByTestId("snapshot-row").filter({ hasText: "journey-base" });
    await expect(row).toContainText("Ready", { timeout: 30_000 });
    await row.getByRole("button", { name: "Revert…" }).click();
    await page.getByRole("dialog", { name: "Revert to journey-base?" }).getByRole("button", { name: "Revert and lose changes" }).click();
    await expect(page.getByText("Reverting to journey-base…")).toBeVisible();
    await expect(row).toContainText("Ready", { timeout: 60_000 });
    await expect(progress).toBeHidden({ timeout: 60_000 });
    await openServiceTab(page, "overview");
    await expect(page.getByText("The server is running.")).toBeVisible({ timeout: 60_000 });
    await snap(page, testInfo, "journey-reverted");

    // Cancel immediately, typing the server's name: terminated, its controls gone.
    await openServiceTab(page, "destroy");
    await page.getByRole("radio", { name: /^Immediately/ }).check();
    await page.getByRole("button", { name: "Cancel service…" }).click();
    const terminate = page.getByRole("dialog", { name: "Terminate the server now?" });
    await expect(terminate).toContainText("This cannot be undone");
    await terminate.getByLabel(`Type ${hostname} to confirm`).fill(hostname);
    await terminate.getByRole("button", { name: "Terminate now" }).click();
    await expect(page.getByRole("definition").filter({ hasText: "Terminated" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Restart" })).toHaveCount(0);
    await snap(page, testInfo, "journey-terminated");

    // The demo VPS is untouched.
    await page.goto("/services");
    await expect(page.getByRole("row", { name: "demo-web-1.example.com" })).toContainText("Active");
    await signOut(page);
  });
});

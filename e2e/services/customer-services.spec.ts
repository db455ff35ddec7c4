import { expect, openServiceTab, signOut, snap, submitLogin, test } from "../fixtures";

test.describe("customer panel: services", () => {
  test("find the demo VPS, restart it with confirmation and watch the progress, reset the root password", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    const row = page.getByRole("row", { name: "demo-web-1.example.com" });
    await expect(row).toContainText("Active");
    await expect(row).toContainText("VPS S");

    // Search and status filter.
    await page.getByLabel("Search").fill("no-such-host");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No service matches")).toBeVisible();
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByLabel("Search")).toHaveValue("");
    await page.getByLabel("Status").selectOption("active");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=active/);
    await expect(page.getByRole("row", { name: "demo-web-1.example.com" })).toBeVisible();
    await snap(page, testInfo, "services-list");

    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await expect(page.getByRole("heading", { name: "demo-web-1.example.com", level: 1 })).toBeVisible();
    await expect(page.getByText("The server is running.")).toBeVisible();
    // Its usage: traffic, and CPU and memory over the same range.
    await openServiceTab(page, "usage");
    const usage = page.getByTestId("usage-card");
    await expect(usage.getByText("Traffic (bits per second)")).toBeVisible();
    await expect(usage.getByText("CPU and memory (percent)")).toBeVisible();
    await expect(usage.locator(".recharts-line").first()).toBeVisible();
    await expect(usage.getByText(/^CPU over the last 24 hours:/)).toBeAttached();
    // 30 days: both charts follow the switch, and their axes show dates, each day once.
    await usage.getByRole("button", { name: "30 days" }).click();
    await expect(usage.getByText(/^CPU over the last 30 days:/)).toBeAttached();
    await expect(usage.locator(".recharts-line").first()).toBeVisible();
    const axes = usage.locator(".recharts-xAxis-tick-labels");
    await expect(axes).toHaveCount(2);
    for (const axis of await axes.all()) {
      const ticks = await axis.locator("text").allTextContents();
      expect(ticks.length).toBeGreaterThan(1);
      expect(ticks.every((t) => /^\d{1,2} [A-Z][a-z]{2}$/.test(t))).toBe(true);
      expect(new Set(ticks).size).toBe(ticks.length);
    }
    // A running server offers restart and stop, not start.
    await openServiceTab(page, "power");
    await expect(page.getByRole("button", { name: "Start", exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Stop" })).toBeEnabled();

    // Restart asks first; cancelling does nothing.
    await page.getByRole("button", { name: "Restart" }).click();
    const dialog = page.getByRole("dialog", { name: "Restart the server?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Restart" }).click();
    await dialog.getByRole("button", { name: "Restart" }).click();
    await expect(page.getByText("Restarting the server…")).toBeVisible();
    const progress = page.getByRole("progressbar", { name: "Progress" });
    await expect(progress).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop" })).toBeDisabled();
    await snap(page, testInfo, "vps-restarting");
    // Polled until the job is done (the simulated restart takes about ten seconds).
    await expect(progress).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Stop" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Start", exact: true })).toBeDisabled();

    // Root password: client-side length check, then accepted.
    await openServiceTab(page, "settings");
    const password = page.getByLabel("New root password").last();
    await password.fill("short");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByText("password must be at least 8 characters")).toBeVisible();
    await password.fill("correct-horse-battery");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByText("Setting the new root password…")).toBeVisible();
    await expect(page.getByText("Setting the root password…")).toBeVisible();
    await expect(progress).toBeHidden({ timeout: 30_000 });

    // Reinstall offers the plan's images and asks before erasing.
    await expect(page.getByLabel("Operating system")).toBeVisible();
    await snap(page, testInfo, "vps-page");

    // Cancel at the end of the period, then change our mind.
    await openServiceTab(page, "destroy");
    await page.getByRole("button", { name: "Cancel service…" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel at the end of the billing period?" });
    await cancel.getByRole("button", { name: "Schedule cancellation" }).click();
    await expect(page.getByText(/will be terminated on/)).toBeVisible();
    await snap(page, testInfo, "vps-cancellation-scheduled");
    await page.getByRole("button", { name: "Undo cancellation" }).click();
    await expect(page.getByText("Cancellation withdrawn: the service stays")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel service…" })).toBeVisible();
    await signOut(page);
  });

  test("take a snapshot of the demo VPS, see it ready, revert to it after a warning, delete it", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    // Wait for the sign-in to land: navigating away at once would abort it.
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await openServiceTab(page, "backups");
    await expect(page.getByRole("heading", { name: "Snapshots" })).toBeVisible();
    await expect(page.getByText("No snapshots yet.")).toBeVisible();

    const name = page.getByLabel("Snapshot name");
    await name.fill("auto-nightly");
    await page.getByRole("button", { name: "Take snapshot" }).click();
    await expect(page.getByText("Names starting with auto- or system- are reserved")).toBeVisible();
    await name.fill("before-upgrade");
    await page.getByRole("button", { name: "Take snapshot" }).click();
    await expect(page.getByText("Taking snapshot before-upgrade…")).toBeVisible();
    const row = page.getByTestId("snapshot-row").filter({ hasText: "before-upgrade" });
    await expect(row).toContainText("Creating…");
    // Polled until the simulated disk job finishes (about six seconds).
    await expect(row).toContainText("Ready", { timeout: 30_000 });
    await snap(page, testInfo, "vps-snapshot-ready");

    await row.getByRole("button", { name: "Revert…" }).click();
    const revert = page.getByRole("dialog", { name: "Revert to before-upgrade?" });
    await expect(revert).toContainText("Every change on the disk since this snapshot was taken is lost");
    await snap(page, testInfo, "vps-snapshot-revert-warning");
    await revert.getByRole("button", { name: "Revert and lose changes" }).click();
    await expect(page.getByText("Reverting to before-upgrade…")).toBeVisible();
    await expect(row).toContainText("Ready", { timeout: 60_000 });
    // The revert's progress is shown on this tab until the server runs again.
    await expect(page.getByRole("progressbar", { name: "Progress" })).toBeHidden({ timeout: 60_000 });

    await expect(row.getByRole("button", { name: "Delete…" })).toBeEnabled({ timeout: 30_000 });
    await row.getByRole("button", { name: "Delete…" }).click();
    await page.getByRole("dialog", { name: "Delete snapshot before-upgrade?" }).getByRole("button", { name: "Delete snapshot" }).click();
    await expect(page.getByText("No snapshots yet.")).toBeVisible({ timeout: 30_000 });
    await signOut(page);
  });
});

import { expect, signOut, snap, submitLogin, test } from "../fixtures";

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
    // Its usage: traffic, and CPU and memory over the last day.
    const usage = page.getByTestId("usage-card");
    await expect(usage.getByText("Traffic (bits per second)")).toBeVisible();
    await expect(usage.getByText("CPU and memory, last 24 hours (percent)")).toBeVisible();
    await expect(usage.locator(".recharts-line").first()).toBeVisible();
    // A running server offers restart and stop, not start.
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
    await page.getByRole("button", { name: "Cancel service…" }).click();
    const cancel = page.getByRole("dialog", { name: "Cancel at the end of the billing period?" });
    await cancel.getByRole("button", { name: "Schedule cancellation" }).click();
    await expect(page.getByText(/will be terminated on/)).toBeVisible();
    await snap(page, testInfo, "vps-cancellation-scheduled");
    await page.getByRole("button", { name: "Keep the service" }).click();
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
    await expect(page.getByText("The server is running.")).toBeVisible({ timeout: 60_000 });

    await expect(row.getByRole("button", { name: "Delete…" })).toBeEnabled({ timeout: 30_000 });
    await row.getByRole("button", { name: "Delete…" }).click();
    await page.getByRole("dialog", { name: "Delete snapshot before-upgrade?" }).getByRole("button", { name: "Delete snapshot" }).click();
    await expect(page.getByText("No snapshots yet.")).toBeVisible({ timeout: 30_000 });
    await signOut(page);
  });
});

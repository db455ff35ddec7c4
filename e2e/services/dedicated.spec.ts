import { expect, openServiceTab, signOut, snap, submitLogin, test } from "../fixtures";

// The demo customer's dedicated server (seeded installed, BMC at a quarter of real timings). Every
// change made here is undone before the test ends: power stays on, rescue is left, rDNS cleared,
// the added key removed.
test.describe("customer panel: dedicated server", () => {
  test("restart with confirmation and progress, rescue and back, reverse DNS, an SSH key for this server", async ({ page, creds }, testInfo) => {
    test.setTimeout(240_000);
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    const row = page.getByRole("row", { name: "demo-metal-1.example.com" });
    await expect(row).toContainText("Dedicated Xeon E-2388G");
    await page.getByRole("link", { name: "demo-metal-1.example.com" }).click();
    await expect(page.getByRole("heading", { name: "demo-metal-1.example.com", level: 1 })).toBeVisible();
    await expect(page.getByText("The server is powered on.")).toBeVisible();
    // A day of switch-port traffic (the demo seed's samples): figures and a chart, and a longer range.
    await openServiceTab(page, "usage");
    const usage = page.getByTestId("usage-card");
    await expect(usage.getByText("Traffic (bits per second)")).toBeVisible();
    await expect(usage.getByText("In this month")).toBeVisible();
    await expect(usage.locator("dd").first()).toHaveText(/^\d+(\.\d)? [kMGT]?B$/);
    await expect(usage.locator(".recharts-area").first()).toBeVisible();
    await usage.getByRole("button", { name: "7 days" }).click();
    await expect(usage.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(usage.locator(".recharts-area").first()).toBeVisible();
    await snap(page, testInfo, "dedicated-page");

    // Restart asks first; cancelling does nothing.
    await openServiceTab(page, "power");
    await page.getByRole("button", { name: "Restart" }).click();
    const dialog = page.getByRole("dialog", { name: "Restart the server?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Restart" }).click();
    await dialog.getByRole("button", { name: "Restart" }).click();
    await expect(page.getByText("Restarting the server…")).toBeVisible();
    const progress = page.getByRole("progressbar", { name: "Progress" });
    await expect(progress).toBeVisible();
    await expect(page.getByRole("button", { name: "Power off" })).toBeDisabled();
    await snap(page, testInfo, "dedicated-restarting");
    await expect(progress).toBeHidden({ timeout: 60_000 });
    await expect(page.getByRole("button", { name: "Power off" })).toBeEnabled();

    // Rescue: confirmation, a password shown once, progress, then back to the installed system.
    await openServiceTab(page, "settings");
    await page.getByRole("button", { name: "Boot rescue system…" }).click();
    await page.getByRole("dialog", { name: "Reboot into the rescue system?" }).getByRole("button", { name: "Reboot into rescue" }).click();
    await expect(page.getByTestId("rescue-password")).toHaveText(/^[A-Za-z0-9]{20}$/);
    await expect(page.getByText("Starting the rescue system…")).toBeVisible();
    await snap(page, testInfo, "dedicated-rescue-starting");
    await expect(page.getByRole("button", { name: "Leave rescue mode" })).toBeVisible({ timeout: 90_000 });
    await expect(progress).toBeHidden({ timeout: 30_000 });
    // The overview says what the server runs.
    await openServiceTab(page, "overview");
    await expect(page.getByText("running the rescue system")).toBeVisible();
    await openServiceTab(page, "settings");
    await page.getByRole("button", { name: "Leave rescue mode" }).click();
    await expect(page.getByText("Rebooting into the installed system…")).toBeVisible();
    await expect(page.getByTestId("rescue-password")).toBeHidden();
    await expect(page.getByRole("button", { name: "Boot rescue system…" })).toBeEnabled({ timeout: 90_000 });

    // Reverse DNS: set, then clear again.
    await openServiceTab(page, "networking");
    const rdns = page.getByRole("textbox", { name: /^Reverse DNS of \d+\.\d+\.\d+\.\d+$/ }).first();
    await rdns.fill("mail.example.com");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText(/Reverse DNS of .* set to mail\.example\.com/)).toBeVisible();
    await expect(rdns).toHaveValue("mail.example.com");
    await rdns.fill("");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText(/Reverse DNS of .* cleared/)).toBeVisible();

    // An SSH key for this server only: a bad key is refused, a good one listed, then removed.
    await openServiceTab(page, "settings");
    await page.getByLabel("Key name").fill("laptop");
    await page.getByLabel("Public key").fill("not a key");
    await page.getByRole("button", { name: "Add key for this server" }).click();
    await expect(page.getByText("Not an OpenSSH public key")).toBeVisible();
    await page.getByLabel("Public key").fill("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl laptop");
    await page.getByRole("button", { name: "Add key for this server" }).click();
    await expect(page.getByText("Key laptop attached; it is installed on the next reinstall")).toBeVisible();
    const key = page.getByRole("listitem").filter({ hasText: "laptop" }).filter({ hasText: "SHA256:" });
    await expect(key).toBeVisible();
    await snap(page, testInfo, "dedicated-ssh-key");
    await key.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Key detached")).toBeVisible();
    await expect(key).toBeHidden();

    // Reinstall asks before erasing, for the server's name; cancelled here (a real install takes minutes).
    await page.getByRole("button", { name: "Reinstall…" }).click();
    const reinstall = page.getByRole("dialog", { name: /^Reinstall with / });
    await expect(reinstall).toContainText("Every disk of the server is erased");
    await expect(reinstall.getByRole("button", { name: "Erase and reinstall" })).toBeDisabled();
    await reinstall.getByRole("button", { name: "Cancel" }).click();
    await expect(reinstall).toBeHidden();

    // Cancellation at the end of the period, then withdrawn: the demo server stays.
    await openServiceTab(page, "destroy");
    await page.getByRole("radio", { name: /^At the end of the billing period/ }).check();
    await page.getByRole("button", { name: "Cancel service…" }).click();
    await page.getByRole("dialog", { name: "Cancel at the end of the billing period?" }).getByRole("button", { name: "Schedule cancellation" }).click();
    await expect(page.getByText(/This service is cancelled and will be terminated on \d+ \w+ \d{4}, with its disks\./)).toBeVisible();
    await snap(page, testInfo, "dedicated-cancellation-scheduled");
    await page.getByRole("button", { name: "Undo cancellation" }).click();
    await expect(page.getByRole("button", { name: "Cancel service…" })).toBeVisible();
    await expect(page.getByText("This service is cancelled")).toBeHidden();
    await signOut(page);
  });
});

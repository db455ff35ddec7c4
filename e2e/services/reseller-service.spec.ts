import { expect, snap, test } from "../fixtures";
import { orderAndOpen } from "./reseller-order";

// The reseller portal's service page, on services ordered through the signed API and watched until
// active: a VPS is restarted with progress, given a root password, backed up, suspended with a
// reason, unsuspended and terminated after typing its name; a dedicated server gets reverse DNS and
// the rescue system — the reseller API's calls, from the portal.

test.describe("reseller portal: a service", () => {
  test("order a VPS by API, then restart, suspend, unsuspend and terminate it from the portal", async ({ page, creds, request }, testInfo) => {
    test.setTimeout(240_000);
    const { auth, hostname } = await orderAndOpen(page, request, creds.reseller, "vps", "portal");
    // The build runs in the background; the page polls until the service is active, then shows it without a reload.
    await expect(page.getByText("Active", { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText("The server is running.")).toBeVisible();
    await expect(page.getByText(hostname, { exact: true }).first()).toBeVisible();
    // Usage (the reseller API's traffic document): a new server has no samples yet, and says so.
    await expect(page.getByTestId("usage-card").getByText("No samples yet")).toBeVisible();
    await snap(page, testInfo, "reseller-service-active");

    await page.getByRole("button", { name: "Restart", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Restart" }).click();
    await expect(page.getByText("Power action 'restart' accepted")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Progress" })).toBeVisible();
    await snap(page, testInfo, "reseller-service-restarting");
    await expect(page.getByText("The server is running.")).toBeVisible({ timeout: 60_000 });

    // A new root password, through the guest agent, as POST /services/{id}/reset-password does.
    await page.getByLabel("New root password").last().fill("short");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByText("password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("New root password").last().fill("correct-horse-9");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByText("Setting the new root password…")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Reinstall" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Progress" })).toBeHidden({ timeout: 60_000 });

    // A backup (the VPS's disk snapshot, as POST /services/{id}/backups takes it), seen by the API, then deleted after confirming.
    const serviceId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByLabel("Backup name").fill("portal-base");
    await page.getByRole("button", { name: "Take backup" }).click();
    await expect(page.getByText("Taking backup portal-base…")).toBeVisible();
    const backup = page.getByTestId("snapshot-row").filter({ hasText: "portal-base" });
    await expect(backup).toContainText("Ready", { timeout: 60_000 });
    const listed = (await (await request.get(`/v1/reseller/services/${serviceId}/backups`, { headers: auth })).json()) as { data: { snapshots: { name: string; status: string }[] } };
    expect(listed.data.snapshots).toEqual([expect.objectContaining({ name: "portal-base", status: "available" })]);
    await snap(page, testInfo, "reseller-service-backup");
    await backup.getByRole("button", { name: "Delete…" }).click();
    await page.getByRole("dialog", { name: "Delete backup portal-base?" }).getByRole("button", { name: "Delete backup" }).click();
    await expect(page.getByText("No backups yet.", { exact: false })).toBeVisible({ timeout: 60_000 });

    await page.getByRole("button", { name: "Suspend…" }).click();
    await page.getByLabel("Reason (optional)").fill("Customer asked for a pause");
    await page.getByRole("dialog").getByRole("button", { name: "Suspend" }).click();
    await expect(page.getByText("Service suspended")).toBeVisible();
    await expect(page.getByText("This service is suspended")).toBeVisible();
    await expect(page.getByText("Customer asked for a pause")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start", exact: true })).toBeDisabled();

    await page.getByRole("button", { name: "Unsuspend" }).click();
    await expect(page.getByText("Service unsuspended")).toBeVisible();
    await expect(page.getByText("This service is suspended")).toBeHidden();

    await page.getByRole("button", { name: "Terminate…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Terminate" })).toBeDisabled();
    await dialog.getByLabel(`Type ${hostname} to confirm`).fill(hostname);
    await snap(page, testInfo, "reseller-service-terminate");
    await dialog.getByRole("button", { name: "Terminate" }).click();
    await expect(page.getByText("Service terminated")).toBeVisible();
    await expect(page.getByText("This service is terminated. Nothing more can be done with it.")).toBeVisible();

    // The API sees what the portal did.
    const read = (await (await request.get(`/v1/reseller/services?limit=100`, { headers: auth })).json()) as { data: { hostname: string; status: string }[] };
    expect(read.data.find((s) => s.hostname === hostname)?.status).toBe("terminated");
  });

  test("order a dedicated server by API, set its reverse DNS and boot the rescue system from the portal", async ({ page, creds, request }, testInfo) => {
    test.setTimeout(300_000);
    const { auth, hostname } = await orderAndOpen(page, request, creds.reseller, "dedicated", "metal");
    // The simulated BMC installs at a quarter of real timings: about a minute and a half.
    await expect(page.getByText("Active", { exact: true })).toBeVisible({ timeout: 180_000 });
    await expect(page.getByText("The server is on.")).toBeVisible({ timeout: 30_000 });

    // One reverse DNS field per address, labelled with the address.
    await page.getByLabel(/^\d+\.\d+\.\d+\.\d+$/).fill(hostname);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(new RegExp(`^Reverse DNS of [0-9.]+ set to ${hostname.replaceAll(".", "\\.")}$`))).toBeVisible();

    await page.getByRole("button", { name: "Boot rescue system…" }).click();
    await page.getByRole("dialog", { name: "Reboot into the rescue system?" }).getByRole("button", { name: "Reboot into rescue" }).click();
    await expect(page.getByTestId("rescue-password")).toHaveText(/^[A-Za-z0-9]{20}$/);
    await expect(page.getByRole("button", { name: "Leave rescue mode" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("activity-card").getByRole("listitem").first()).toContainText(/Rescue system.*Done/, { timeout: 30_000 });
    await snap(page, testInfo, "reseller-dedicated-rescue");

    // The API sees what the portal did.
    const network = (await (await request.get(`/v1/reseller/services/${new URL(page.url()).pathname.split("/").pop()}/network`, { headers: auth })).json()) as { data: { ipAddresses: { reverse_dns: string | null }[] } };
    expect(network.data.ipAddresses[0]?.reverse_dns).toBe(hostname);
  });
});

import { expect, openServiceTab, signOut, snap, submitLogin, test } from "../fixtures";

test.describe("customer panel: custom images", () => {
  test("capture the demo VPS into an image with progress, see it ready, delete it after confirming", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    // Wait for the sign-in to land: navigating away at once would abort it.
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await openServiceTab(page, "backups");
    await expect(page.getByRole("heading", { name: "Custom images" })).toBeVisible();
    await expect(page.getByText("No custom images yet.")).toBeVisible();

    const name = page.getByLabel("Image name");
    await page.getByRole("button", { name: "Capture this server" }).click();
    await expect(page.getByText("Give the image a name of at most 120 characters")).toBeVisible();
    await name.fill("web-base");
    await page.getByRole("button", { name: "Capture this server" }).click();
    await expect(page.getByText("Capturing web-base… The server keeps running.")).toBeVisible();
    const row = page.getByTestId("image-row").filter({ hasText: "web-base" });
    await expect(row).toContainText("Capturing…");
    await expect(row.getByRole("progressbar", { name: "Capturing web-base" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Delete…" })).toBeDisabled();
    await snap(page, testInfo, "vps-image-capturing");
    // Polled until the simulated copy finishes (about twenty seconds).
    await expect(row).toContainText("Ready", { timeout: 60_000 });
    await expect(row).toContainText("(from this server)");
    await snap(page, testInfo, "vps-image-ready");
    // The capture left the server running (its state is on the Overview tab).
    await openServiceTab(page, "overview");
    await expect(page.getByText("The server is running.")).toBeVisible();
    await openServiceTab(page, "backups");

    await row.getByRole("button", { name: "Delete…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete image web-base?" });
    await expect(dialog).toContainText("Servers already built from it are not changed.");
    await dialog.getByRole("button", { name: "Delete image" }).click();
    await expect(page.getByText("No custom images yet.")).toBeVisible({ timeout: 30_000 });
    await signOut(page);
  });
});

import { expect, openServiceTab, snap, submitLogin, test } from "../fixtures";

// The demo VPS (VPS S, paid until its next due date) has upgrade paths and add-ons in the demo
// catalogue. Everything this spec raises is withdrawn again: the upgrade is cancelled with its
// invoice, and the add-on removed before payment cancels its invoice.
test.describe("customer panel: upgrades and add-ons", () => {
  test("preview and request an upgrade, then cancel it; add an add-on with its price, then remove it", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await expect(page.getByRole("heading", { name: "demo-web-1.example.com", level: 1 })).toBeVisible();
    await openServiceTab(page, "billing");

    const upgrades = page.getByRole("table", { name: "Upgrade options" });
    await expect(upgrades).toBeVisible();
    const row = page.getByTestId("upgrade-row").filter({ hasText: "VPS M" });
    await expect(row).toContainText(/of \d+ days, VAT included/);
    await row.getByRole("button", { name: "Upgrade…" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to VPS M" });
    await expect(dialog.getByTestId("upgrade-breakdown")).toContainText("Credit for your current plan");
    await snap(page, testInfo, "upgrade-confirm");
    await dialog.getByRole("button", { name: "Confirm upgrade" }).click();
    await expect(page.getByText(/Upgrade requested\. Pay invoice INV-/)).toBeVisible();
    const pending = page.getByTestId("pending-upgrade");
    await expect(pending).toContainText("Awaiting payment");
    await snap(page, testInfo, "upgrade-pending");
    await pending.getByRole("button", { name: "Cancel upgrade" }).click();
    await expect(page.getByText("Upgrade cancelled, and its unpaid invoice with it.")).toBeVisible();
    await expect(pending).toBeHidden();

    await page.getByRole("combobox", { name: "Add-on" }).selectOption({ label: "Additional IPv4 address" });
    await expect(page.getByTestId("addon-price")).toContainText("each, excl. VAT");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText(/Add-on ordered\. Pay invoice INV-/)).toBeVisible();
    const addon = page.getByTestId("addon-row").filter({ hasText: "Additional IPv4 address" });
    await expect(addon).toContainText("Awaiting payment");
    await snap(page, testInfo, "addon-pending");
    await addon.getByRole("button", { name: "Remove…" }).click();
    await page.getByRole("dialog", { name: "Remove Additional IPv4 address?" }).getByRole("button", { name: "Remove add-on" }).click();
    await expect(page.getByText("Add-on removed.")).toBeVisible();
    await expect(addon).toBeHidden();
  });
});

import { expect, snap, submitLogin, test } from "../fixtures";

// The operator lists every service, filters by status, opens the demo VPS and sees its customer,
// machine, node and addresses; terminating asks for the hostname and Cancel leaves it running.
test.describe("operator console: services", () => {
  test("filter, open, see machine and addresses; terminate asks for the name", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Services" }).click();
    await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();

    const filters = page.getByRole("search", { name: "Filter services" });
    await filters.getByLabel("Status").selectOption({ label: "Suspended" });
    await filters.getByRole("button").first().click();
    await expect(page).toHaveURL(/status=suspended/);
    await expect(page.getByRole("table", { name: "Services" }).getByRole("link", { name: "demo-web-1.example.com" })).toHaveCount(0);

    await filters.getByLabel("Status").selectOption({ label: "Active" });
    await filters.getByRole("button").first().click();
    await expect(page).toHaveURL(/status=active/);
    await page.getByRole("table", { name: "Services" }).getByRole("link", { name: "demo-web-1.example.com" }).click();
    await expect(page.getByRole("heading", { name: "demo-web-1.example.com", level: 1 })).toBeVisible();
    await expect(page.getByText("Janssen Web Services").first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Addresses" }).getByText(/^192\.0\.2\.\d+$/).first()).toBeVisible();
    await snap(page, testInfo, "admin-service-page");

    await page.getByRole("button", { name: /^Terminate/ }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("demo-web-1.example.com");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Active").first()).toBeVisible();
  });
});

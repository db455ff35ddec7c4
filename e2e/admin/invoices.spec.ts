import { expect, snap, submitLogin, test } from "../fixtures";

// The operator lists every account's documents, filters to invoices, opens one and sees its lines,
// payments and customer, and opens its printable sheet.
test.describe("operator console: invoices", () => {
  test("list, filter, open a document, print it", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Invoices" }).click();
    const filters = page.getByRole("search", { name: "Filter invoices" });
    await filters.getByLabel("Kind").selectOption({ label: "Invoices" });
    await filters.getByRole("button").first().click();
    await expect(page).toHaveURL(/kind=invoice/);
    const table = page.getByRole("table", { name: "Invoices" });
    await expect(table.getByRole("row").nth(1)).toBeVisible();
    await snap(page, testInfo, "admin-invoices");

    await table.getByRole("row").nth(1).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/invoices\/invoice\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("table", { name: "Lines" }).getByRole("row").nth(1)).toBeVisible();
    await expect(page.getByText("Billed to")).toBeVisible();
    await snap(page, testInfo, "admin-invoice");

    const print = await page.request.get(`${new URL(page.url()).pathname}/print`);
    expect(print.status()).toBe(200);
    expect(await print.text()).toContain("Invoice");
  });
});

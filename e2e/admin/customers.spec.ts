import { expect, signOut, snap, submitLogin, test } from "../fixtures";

// The operator finds a customer by the address of one of their servers and opens the account.
test.describe("operator console: customers", () => {
  test("search by a server's IP address, open the customer, see their server; nothing found says so", async ({ page, creds }, testInfo) => {
    // The demo VPS's address, as the customer sees it on its Networking tab.
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}/);
    await page.goto(`${new URL(page.url()).pathname}?tab=networking`);
    const address = (await page.getByTestId("service-networking").getByText(/^\d+\.\d+\.\d+\.\d+$/).first().textContent())!.trim();
    await signOut(page);

    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Customers" }).click();
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();

    const search = page.getByRole("search", { name: "Search customers" });
    await search.getByRole("searchbox").fill(address);
    await search.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(new RegExp(`\\?q=${address.replaceAll(".", "\\.")}`));
    await expect(page.getByText(`1 account matches “${address}”.`)).toBeVisible();
    await snap(page, testInfo, "admin-customers-search");
    await page.getByRole("link", { name: /Janssen Web Services/ }).first().click();

    await expect(page.getByRole("heading", { name: "Janssen Web Services B.V.", level: 1 })).toBeVisible();
    await expect(page.getByText(creds.customer.email).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "← Customers" })).toBeVisible();
    await expect(page.getByText("demo-web-1.example.com")).toBeVisible();
    await snap(page, testInfo, "admin-customer-overview");

    // A search that matches nothing says so and keeps what was typed.
    await page.goto("/admin/customers?q=no-such-customer.invalid");
    await expect(page.getByText("0 accounts match “no-such-customer.invalid”.")).toBeVisible();
    await expect(page.getByRole("searchbox")).toHaveValue("no-such-customer.invalid");
  });
});

import { expect, placeVpsSOrder, signOut, snap, submitLogin, test } from "../fixtures";

// A customer places an order and leaves it unpaid; the operator finds it in the console's orders by
// its number, opens it (lines, documents, services) and cancels it with a reason: the order, its
// invoice and its service are cancelled, and the customer's balance is untouched (nothing was paid).
test.describe("operator console: orders", () => {
  test("find an unpaid order, open it, cancel it with a reason", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    const orderNumber = await placeVpsSOrder(page, "cancel-me.example.com");
    const balanceBefore = await page.request.get("/v1/account/balance", { headers: { authorization: `Bearer ${creds.customer.apiKey}` } }).then((r) => r.json());
    await signOut(page);

    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Orders" }).click();
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    const filters = page.getByRole("search", { name: "Filter orders" });
    await filters.getByLabel("Number or customer").fill(orderNumber);
    await filters.getByLabel("Status").selectOption({ label: "Invoiced" });
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=invoiced/);
    const table = page.getByRole("table", { name: "Orders" });
    await expect(table.getByRole("row")).toHaveCount(2);
    await snap(page, testInfo, "admin-orders");

    await table.getByRole("link", { name: orderNumber }).click();
    await expect(page.getByRole("heading", { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("table", { name: "Lines" })).toContainText("VPS S");
    await expect(page.getByRole("table", { name: "Services" })).toContainText("cancel-me.example.com");
    await expect(page.getByRole("table", { name: "Documents" })).toContainText(/INV-|PRO-/);
    await snap(page, testInfo, "admin-order");

    await page.getByRole("button", { name: "Cancel order" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
    // A reason is required: the refusal stays next to the field.
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expect(dialog.getByText("Enter the reason.")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Ordered twice by mistake");
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByText(`Order ${orderNumber} cancelled. Nothing was paid, so nothing was refunded.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("table", { name: "Services" }).getByText("Cancelled")).toBeVisible();
    await expect(page.getByRole("table", { name: "Operator activity" })).toContainText(`${orderNumber} cancelled: Ordered twice by mistake.`);
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

    const balanceAfter = await page.request.get("/v1/account/balance", { headers: { authorization: `Bearer ${creds.customer.apiKey}` } }).then((r) => r.json());
    expect(balanceAfter).toEqual(balanceBefore);
  });
});

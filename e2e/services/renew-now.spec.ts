import { expect, openServiceTab, snap, submitLogin, test } from "../fixtures";

// Runs after the billing spec (file order): the demo customer has credit left and no unpaid invoice.
// Renewing the demo VPS raises an invoice for its next month; the spec pays it from credit, so no
// open document is left behind for the specs after it (the VPS is then paid one month further).

test.describe("customer panel: renew a service", () => {
  test("Renew now raises the next period's invoice; paying it moves the paid-until date", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await expect(page.getByRole("heading", { name: "demo-web-1.example.com", level: 1 })).toBeVisible();
    await openServiceTab(page, "billing");

    const card = page.getByText(/^Paid until/);
    await expect(card).toBeVisible();
    const paidUntil = (await card.locator("strong").textContent())!;
    await page.getByRole("button", { name: "Renew now" }).click();
    await expect(page.getByText("Renewal raised")).toBeVisible();
    await expect(page.getByRole("button", { name: "Renew now" })).toBeDisabled();
    await snap(page, testInfo, "renewal-raised");

    // Open the invoice and pay it from credit.
    await page.getByRole("link", { name: "Open invoice" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}-\d{6}$/ })).toBeVisible();
    await expect(page.getByRole("cell", { name: /^Renewal: VPS S \(monthly\) — demo-web-1\.example\.com/ })).toBeVisible();
    const form = page.getByRole("form", { name: "Pay from credit" });
    await form.getByRole("button", { name: /^Pay .* from credit$/ }).click();
    await expect(page.getByText("The invoice is paid")).toBeVisible();

    // The service is paid one cycle further.
    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await openServiceTab(page, "billing");
    await expect(page.getByText(/^Paid until/)).toBeVisible();
    await expect(page.getByText(/^Paid until/).locator("strong")).not.toHaveText(paidUntil);
    await snap(page, testInfo, "renewed");
  });
});

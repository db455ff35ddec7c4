import { expect, snap, submitLogin, test, type DemoCredentials } from "../fixtures";

// The demo customer starts with 250.00 EUR of credit and one unpaid invoice of 12.10 EUR
// (prisma/seed/seed-demo-invoice.ts). This pays it from credit in the browser, in two steps.

/** The demo customer's full-scope API key (written beside the password in demo-credentials.json). */
const demoApiKey = (creds: DemoCredentials) => (creds.customer as DemoCredentials["customer"] & { apiKey: string }).apiKey;

async function apiBalance(baseURL: string, key: string) {
  const res = await fetch(`${baseURL}/v1/account/balance`, { headers: { authorization: `Bearer ${key}` } });
  return ((await res.json()) as { data: { balance: string } }).data.balance;
}

test.describe("customer panel: billing", () => {
  test("pay the demo invoice from credit, in part then in full, and see the balance and transactions change", async ({ page, creds, baseURL }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Invoices" }).click();
    await expect(page).toHaveURL(/\/billing\/invoices$/);
    await expect(page.getByText("Outstanding")).toBeVisible();
    await expect(page.getByText("1 unpaid invoice")).toBeVisible();

    await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "Unpaid" }).click();
    await expect(page).toHaveURL(/status=unpaid/);
    const row = page.getByRole("row", { name: /INV-\d{4}-000001/ });
    await expect(row).toContainText("€12.10");
    await expect(row).toContainText("Unpaid");
    await snap(page, testInfo, "invoices-unpaid");

    await row.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}-000001$/ })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Backup storage 100 GB, monthly" })).toBeVisible();
    await expect(page.getByText("No payments yet")).toBeVisible();
    const form = page.getByRole("form", { name: "Pay from credit" });
    await expect(form).toContainText("€250.00");

    // Part of it: too much is refused with the API's sentence, at the field.
    await form.getByRole("radio", { name: "Part of it" }).check();
    await form.getByLabel("Amount (EUR)").fill("20");
    await form.getByRole("button", { name: "Pay from credit" }).click();
    await expect(form.getByText("Amount exceeds the outstanding invoice balance.")).toBeVisible();
    await expect(form.getByRole("radio", { name: "Part of it" })).toBeChecked();
    await expect(form.getByLabel("Amount (EUR)")).toHaveValue("20");
    await snap(page, testInfo, "pay-amount-refused");
    await form.getByLabel("Amount (EUR)").fill("2.10");
    await form.getByLabel("Amount (EUR)").press("Enter");
    await expect(page.getByText("Paid €2.10")).toBeVisible();
    await expect(page.getByText("your balance is now €247.90")).toBeVisible();
    expect(await apiBalance(baseURL!, demoApiKey(creds))).toBe("247.90");

    // The rest: the whole outstanding amount.
    await page.getByRole("link", { name: "Pay more" }).click();
    await expect(form.getByRole("radio", { name: /The full outstanding amount, €10\.00/ })).toBeChecked();
    await form.getByRole("button", { name: "Pay €10.00 from credit" }).click();
    await expect(page.getByText("The invoice is paid")).toBeVisible();
    await expect(page.getByText("your balance is now €237.90")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("form", { name: "Pay from credit" })).toHaveCount(0);
    await expect(page.getByRole("row", { name: /Credit.*€10\.00/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /Credit.*€2\.10/ })).toBeVisible();
    await snap(page, testInfo, "invoice-paid");

    // Credit page: the balance and the two payments, newest first.
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Credit" }).click();
    await expect(page).toHaveURL(/\/billing\/credit$/);
    await expect(page.getByText("€237.90").first()).toBeVisible();
    const rows = page.getByRole("row", { name: /Payment of invoice INV-\d{4}-000001/ });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("-€10.00");
    await expect(rows.first()).toContainText("€237.90");
    await expect(page.getByRole("row", { name: /Demo credit top-up/ })).toContainText("+€250.00");
    await snap(page, testInfo, "credit-transactions");
    expect(await apiBalance(baseURL!, demoApiKey(creds))).toBe("237.90");

    // Nothing left to pay.
    await page.goto("/billing/invoices?status=unpaid");
    await expect(page.getByText("No unpaid invoices")).toBeVisible();
    await expect(page.getByText("You're all paid up")).toBeVisible();
    await snap(page, testInfo, "invoices-none-unpaid");
  });
});

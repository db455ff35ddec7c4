import { randomBytes } from "node:crypto";
import { expect, readDemoCredentials, snap, submitLogin, test } from "../fixtures";

// The demo reseller is on Bronze with its own 6 % discount (prisma/seed). The figures and rules
// below are the ones quoteOrder gives it (pinned in lib/pricing/quote-order-demo.test.ts and
// lib/catalogue/get-wholesale-price-sheet.test.ts); the page's price is also checked against the
// reseller API's product pricing, which comes from the same price sheet.

type Product = { id: string; slug: string; pricing: { monthly: number | null; semiAnnual: number | null } };

async function apiProducts(baseURL: string): Promise<Product[]> {
  const { reseller } = readDemoCredentials() as unknown as { reseller: { apiKey: string } };
  const res = await fetch(`${baseURL}/v1/reseller/products`, { headers: { authorization: `Bearer ${reseller.apiKey}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Product[] }).data;
}

test.describe("reseller portal: wholesale catalogue and customer records", () => {
  test("wholesale prices with their rule and retail, a product's detail, then a customer record added, edited, found and deleted", async ({ page, creds, baseURL }, testInfo) => {
    const products = await apiProducts(baseURL!);
    const xeon = products.find((p) => p.slug === "ds-xeon-e2388g")!;
    const vpsS = products.find((p) => p.slug === "vps-s")!;
    expect([xeon.pricing.monthly, vpsS.pricing.monthly, vpsS.pricing.semiAnnual]).toEqual([109, 6.11, null]);

    await submitLogin(page, creds.reseller);
    await expect(page).toHaveURL(/\/reseller$/);
    await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "Catalogue" }).click();
    await expect(page.getByRole("heading", { name: "Wholesale catalogue", level: 1 })).toBeVisible();
    await expect(page.getByText("Your tier is Bronze")).toBeVisible();

    const xeonRow = page.getByTestId("product-ds-xeon-e2388g");
    await expect(xeonRow.getByTestId("wholesale-monthly")).toHaveText("€109.00");
    await expect(xeonRow.getByTestId("rule-monthly")).toHaveText("Bronze price book");
    await expect(xeonRow.getByTestId("rule-quarterly")).toHaveText("Bronze discount for Dedicated servers: 7 % off retail");
    await expect(xeonRow.getByRole("cell").nth(4)).toContainText("Not sold");
    const vpsRow = page.getByTestId("product-vps-s");
    await expect(vpsRow.getByTestId("wholesale-monthly")).toHaveText("€6.11");
    await expect(vpsRow.getByTestId("rule-monthly")).toHaveText("Your default discount: 6 % off retail");
    await expect(vpsRow).toContainText("Retail €6.50");
    await snap(page, testInfo, "wholesale-catalogue");

    await xeonRow.getByRole("link", { name: "Dedicated Xeon E-2388G" }).click();
    await expect(page.getByRole("heading", { name: "Dedicated Xeon E-2388G", level: 1 })).toBeVisible();
    await expect(page.getByTestId("cycle-monthly")).toContainText("€109.00");
    await expect(page.getByTestId("cycle-monthly")).toContainText("Bronze price book");
    await expect(page.getByTestId("cycle-hourly")).toContainText("Not sold on this cycle");
    await expect(page.getByTestId("location-fra1")).toContainText("€5.00");
    await expect(page.getByRole("row", { name: /Additional 32 GB/ })).toContainText("€17.67");
    await snap(page, testInfo, "wholesale-product");

    // Customers: empty search, add one through the page, edit it, find it, delete it.
    const externalId = `e2e-${randomBytes(4).toString("hex")}`;
    await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "Customers" }).click();
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill("no-such-customer-anywhere");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect(page.getByText("No customer matches your search")).toBeVisible();

    const add = page.getByRole("form", { name: "Add a customer record" });
    await add.getByRole("button", { name: "Add customer" }).click();
    await expect(add.getByText("Enter the id your platform uses for this customer.")).toBeVisible();
    await add.getByLabel("External customer id").fill(externalId);
    await add.getByLabel("Name (optional)").fill("Ada Lovelace");
    await add.getByLabel("Email (optional)").fill("ada@example.com");
    await add.getByRole("button", { name: "Add customer" }).click();
    await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
    await expect(page.getByText("Customer record created.")).toBeVisible();

    const edit = page.getByRole("form", { name: "Edit customer record" });
    await edit.getByLabel("Name").fill("Ada King");
    await edit.getByRole("button", { name: "Add a key" }).click();
    await edit.getByLabel("Key 1").fill("plan");
    await edit.getByLabel("Value 1").fill("gold");
    await edit.getByLabel("Email").fill("not-an-email");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByText("Enter a valid email address, or leave it empty.")).toBeVisible();
    await edit.getByLabel("Email").fill("ada.king@example.com");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByText("Saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Ada King", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Value 1")).toHaveValue("gold");
    await expect(page.getByTestId("service-count")).toHaveText("0");
    await snap(page, testInfo, "customer-detail");

    await page.getByRole("link", { name: "← Customers" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(externalId);
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    const row = page.getByRole("row", { name: new RegExp(externalId) });
    await expect(row).toContainText("Ada King");
    await expect(row).toContainText("ada.king@example.com");
    await snap(page, testInfo, "customer-search");

    await row.getByRole("link", { name: externalId }).click();
    await page.getByRole("button", { name: "Delete customer record" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Ada King?" });
    await expect(dialog).toContainText("API keys bound to this customer are revoked");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/reseller\/customers\?deleted=1$/);
    await expect(page.getByText("Customer record deleted.")).toBeVisible();
    await expect(page.getByRole("link", { name: externalId })).toHaveCount(0);

    await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "Billing" }).click();
    await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
    await expect(page.getByTestId("credit-balance")).toHaveText(/^€[\d,]+\.\d\d$/);
    await snap(page, testInfo, "reseller-billing");
  });
});

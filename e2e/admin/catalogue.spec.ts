import { randomBytes } from "node:crypto";
import { expect, snap, submitLogin, test } from "../fixtures";

type ProductBody = { data?: { id: string; monthly_price: string | null; semi_annually_price: string | null; billing_cycles: string[] } };

async function getProduct(baseURL: string, key: string, id: string) {
  const res = await fetch(`${baseURL}/v1/products/${id}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as ProductBody };
}

test.describe("operator console: catalogue", () => {
  test("edit a product's monthly price and the customer API shows it; create a location; add a node there", async ({ page, creds, baseURL }, testInfo) => {
    const suffix = randomBytes(2).toString("hex");
    const price = `7.${(10 + (parseInt(suffix, 16) % 89)).toString()}`;
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);

    // Products, by category.
    const nav = page.getByRole("navigation", { name: "Operator console" });
    await nav.getByRole("link", { name: "Products" }).click();
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
    await snap(page, testInfo, "admin-products-list");
    await page.getByRole("link", { name: "VPS S", exact: true }).click();
    await expect(page.getByRole("heading", { name: "VPS S", level: 1 })).toBeVisible();
    const productId = page.url().split("/").pop()!;

    const form = page.getByRole("form", { name: "Product details" });
    const originalMonthly = await form.getByLabel("Monthly (EUR)").inputValue();
    // A bad figure is refused next to its field, and the field gets focus.
    await form.getByLabel("Monthly (EUR)").fill("7.123456");
    await form.getByRole("button", { name: "Save product" }).click();
    await expect(form.getByText("Enter an amount like 12.50 (at most 4 decimal places, no currency sign), or leave it blank.")).toBeVisible();
    await expect(form.getByLabel("Monthly (EUR)")).toBeFocused();
    await snap(page, testInfo, "admin-product-price-error");

    await form.getByLabel("Monthly (EUR)").fill(price);
    await expect(form.getByLabel("Semi-annual (EUR)")).toHaveValue("");
    // The plan's IPv6 option is a checkbox (specs.ipv6), not part of the JSON.
    await expect(form.getByLabel("IPv6")).not.toBeChecked();
    await form.getByLabel("IPv6").check();
    await form.getByRole("button", { name: "Save product" }).click();
    await expect(form.getByText("Product saved.", { exact: false })).toBeVisible();
    await expect(form.getByLabel("Monthly (EUR)")).toHaveValue(price);
    await snap(page, testInfo, "admin-product-saved");
    await page.reload();
    await expect(form.getByLabel("IPv6")).toBeChecked();
    await expect(form.getByLabel("Specs (JSON)")).not.toHaveValue(/ipv6/);

    // The customer API prices the next request with it; a blank cycle stays not sold (null, not 0).
    const api = await getProduct(baseURL!, creds.customer.apiKey, productId);
    expect(api.status).toBe(200);
    expect(api.body.data!.monthly_price).toBe(price);
    expect(api.body.data!.semi_annually_price).toBeNull();
    expect(api.body.data!.billing_cycles).not.toContain("semi-annually");

    // Put the demo price back and IPv6 off: later specs price and build VPS S from the seeded catalogue.
    await form.getByLabel("Monthly (EUR)").fill(originalMonthly);
    await form.getByLabel("IPv6").uncheck();
    await form.getByRole("button", { name: "Save product" }).click();
    // "Product saved." is still on screen from the first save, so wait for the API itself.
    await expect
      .poll(async () => (await getProduct(baseURL!, creds.customer.apiKey, productId)).body.data!.monthly_price)
      .toBe(originalMonthly);
    await expect(form.getByText("Product saved.", { exact: false })).toBeVisible();

    // A new location; a duplicate value code is refused with a sentence on the field.
    await nav.getByRole("link", { name: "Locations" }).click();
    await page.getByRole("link", { name: "New location" }).click();
    const loc = page.getByRole("form", { name: "New location" });
    await loc.getByLabel("Name").fill("Amsterdam again");
    await loc.getByLabel("Value code").fill("ams1");
    await loc.getByLabel("Country code").fill("NL");
    await loc.getByRole("button", { name: "Create location" }).click();
    await expect(loc.getByText("The value code “ams1” is already used by another location.", { exact: false })).toBeVisible();
    await snap(page, testInfo, "admin-location-duplicate");

    const value = `waw${suffix}`;
    await loc.getByLabel("Name").fill(`Warsaw ${suffix}`);
    await loc.getByLabel("Value code").fill(value);
    await loc.getByLabel("Country code").fill("pl");
    await loc.getByRole("button", { name: "Create location" }).click();
    await expect(page).toHaveURL(/\/admin\/locations\?created=1$/);
    const row = page.getByRole("row", { name: new RegExp(`Warsaw ${suffix}`) });
    await expect(row).toContainText(value);
    await expect(row).toContainText("PL");
    await expect(row).toContainText("🇵🇱");

    // Addresses for the new location: without a pool nothing can be built there.
    await row.getByRole("link", { name: `Warsaw ${suffix}` }).click();
    await expect(page.getByText("No IP pools")).toBeVisible();
    const pool = page.getByRole("form", { name: "Add an IP pool" });
    await pool.getByLabel("Name").fill(`${value}-v4`);
    await pool.getByLabel("CIDR block").fill("10.20.0.0/28");
    await pool.getByLabel("Gateway").fill("10.20.0.1");
    await pool.getByRole("button", { name: "Add pool" }).click();
    await expect(pool.getByText("Pool added with 13 addresses.")).toBeVisible();
    await expect(page.getByRole("table", { name: "IP pools" })).toContainText("13 / 13");

    // An IPv6 block is a prefix of /64 or larger, cut into one /64 per server (3fff::/20 is for documentation).
    await pool.getByLabel("Name").fill(`${value}-v6`);
    await pool.getByLabel("CIDR block").fill(`3fff:${suffix}:1::/72`);
    await pool.getByLabel("Gateway").fill("fe80::1");
    await pool.getByRole("button", { name: "Add pool" }).click();
    await expect(pool.getByText("An IPv6 pool is a /64 or larger prefix, e.g. 2001:db8:100::/48.")).toBeVisible();
    await expect(pool.getByLabel("CIDR block")).toHaveAttribute("aria-invalid", "true");
    await snap(page, testInfo, "admin-ipv6-pool-error");
    await pool.getByLabel("CIDR block").fill(`3fff:${suffix}:1::/48`);
    await pool.getByRole("button", { name: "Add pool" }).click();
    await expect(pool.getByText("Pool added with 256 /64 prefixes.")).toBeVisible();
    const v6Row = page.getByRole("row", { name: new RegExp(`${value}-v6`) });
    await expect(v6Row).toContainText(`3fff:${parseInt(suffix, 16).toString(16)}:1::/48 (/64 each)`);
    await expect(v6Row).toContainText("256 / 256");

    // A hypervisor in the new location, with its usage shown in the list.
    await nav.getByRole("link", { name: "Nodes" }).click();
    await page.getByRole("link", { name: "Add node" }).click();
    const node = page.getByRole("form", { name: "New node" });
    await node.getByLabel("Name").fill(`hv-${value}-01`);
    await node.getByLabel("Location").selectOption({ label: `Warsaw ${suffix} (${value})` });
    await node.getByLabel("Sellable vCPU").fill("64");
    await node.getByRole("button", { name: "Add node" }).click();
    await expect(page).toHaveURL(/\/admin\/nodes\?created=1$/);
    const nodeRow = page.getByRole("row", { name: new RegExp(`hv-${value}-01`) });
    await expect(nodeRow).toContainText("0 / 64 vCPU");
    await expect(nodeRow).toContainText("0 machines");
    await snap(page, testInfo, "admin-nodes-list");
  });
});

test.describe("operator console: every page", () => {
  test("each list and its first detail page render for the demo operator", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    const pages: { path: string; heading: string; detail?: string }[] = [
      { path: "/admin/categories", heading: "Categories", detail: "Dedicated servers" },
      { path: "/admin/options", heading: "Options", detail: "Additional IPv4 address" },
      { path: "/admin/locations", heading: "Locations", detail: "Amsterdam" },
      { path: "/admin/os-images", heading: "OS images", detail: "Ubuntu 24.04 LTS" },
      { path: "/admin/tiers", heading: "Tiers", detail: "Bronze" },
      { path: "/admin/resellers", heading: "Resellers" },
      { path: "/admin/customers", heading: "Customers" },
      { path: "/admin/settings", heading: "Programme, billing and rates" },
      { path: "/admin/nodes", heading: "Nodes", detail: "ams1-hv01" },
    ];
    for (const p of pages) {
      await page.goto(p.path);
      await expect(page.getByRole("heading", { name: p.heading, level: 1 })).toBeVisible();
      if (p.detail) {
        await page.getByRole("link", { name: p.detail, exact: true }).first().click();
        await expect(page.getByRole("heading", { level: 1 })).toContainText(p.detail.split(" ")[0]!);
      }
    }

    // A BMC controller lists its servers (stock by SKU).
    await page.goto("/admin/nodes");
    await page.getByRole("link", { name: "ams1-bmc01", exact: true }).click();
    await expect(page.getByRole("table", { name: "Servers" })).toContainText("ds-xeon-e2388g");
    await expect(page.getByRole("form", { name: "Add a server" })).toBeVisible();

    // The demo reseller's page: status, terms and its pricing levers.
    await page.goto("/admin/resellers");
    await page.getByRole("table", { name: "Resellers" }).getByRole("link").first().click();
    await expect(page.getByRole("form", { name: "Reseller terms" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Add or replace an override" })).toBeVisible();
    await snap(page, testInfo, "admin-reseller");

    // The Bronze tier's price book, and a VAT rate added on the settings page.
    await page.goto("/admin/tiers");
    await page.getByRole("link", { name: "Bronze", exact: true }).click();
    await expect(page.getByRole("table", { name: "Product price book" })).toContainText("Dedicated Xeon E-2388G");
    await snap(page, testInfo, "admin-tier");

    await page.goto("/admin/settings");
    const vat = page.getByRole("form", { name: "Add a VAT rate" });
    await vat.getByLabel("Country").fill("xk");
    await vat.getByLabel("Rate (%)").fill("23");
    await vat.getByLabel("From").fill("2031-01-01");
    await vat.getByRole("button", { name: "Add VAT rate" }).click();
    await expect(page.getByRole("table", { name: "VAT rates" }).getByRole("row", { name: /XK/ })).toContainText("Scheduled");
    await snap(page, testInfo, "admin-settings");
  });
});

test.describe("operator console: access", () => {
  test("a customer gets 404 on every console page, not the form", async ({ page, creds }) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    for (const path of ["/admin/products", "/admin/products/new", "/admin/resellers", "/admin/settings", "/admin/nodes/new"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      await expect(page.getByRole("button", { name: /Create|Save|Add/ })).toHaveCount(0);
    }
  });
});

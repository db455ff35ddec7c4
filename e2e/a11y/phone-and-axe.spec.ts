import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, readDemoCredentials, resellerSignedHeaders, submitLogin, test } from "../fixtures";

// Every page of the three portals on a 390-pixel phone: the page itself never scrolls sideways
// (wide tables scroll inside their own box), and axe finds nothing serious or critical.
// One sign-in per portal; each page is a step, and soft assertions collect every finding in one run.
test.use({ viewport: { width: 390, height: 844 } });

/** The elements that stick out past the right edge, for the failure message. */
async function widthReport(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.parentElement?.closest(".overflow-x-auto"))
      .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > width + 1))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} (${Math.round(el.getBoundingClientRect().right)}px)`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
}

async function checkPage(page: Page, path: string) {
  await test.step(path, async () => {
    const response = await page.goto(path);
    expect.soft(response?.status(), `${path} loads`).toBeLessThan(400);
    await expect(page.locator("main#content")).toBeVisible();
    const { scrollWidth, width, wide } = await widthReport(page);
    expect.soft(scrollWidth, `${path} is no wider than the phone; sticking out: ${wide.join(", ")}`).toBeLessThanOrEqual(width);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ")}`);
    expect.soft(serious, `${path}: axe violations`).toEqual([]);
  });
}

/** The first link on `listPath` to a page under it (`/admin/products/<id>`), skipping "new". */
async function firstDetail(page: Page, listPath: string): Promise<string | null> {
  await page.goto(listPath);
  const hrefs = await page.locator(`main a[href^="${listPath}/"]`).evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  return hrefs.find((href) => /^\/[^?#]+$/.test(href) && !href.endsWith("/new")) ?? null;
}

test.describe("a 390-pixel phone: no sideways scrolling, no serious axe findings", () => {
  test("sign-in page, and the customer panel", async ({ page, creds }) => {
    test.setTimeout(240_000);
    await page.goto("/login");
    await checkPage(page, "/login");

    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);

    // Skip link: the first Tab reaches it, and following it puts focus on the page's content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#content")).toBeFocused();

    // The menu button opens the navigation as a panel; Escape closes it and gives focus back.
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    const nav = page.getByRole("navigation", { name: "Customer panel" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(`#${await menu.getAttribute("aria-controls")}`)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    // Following a link closes it.
    await menu.click();
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(nav).toBeHidden();
    await expect(page).toHaveTitle("Services · Rackfront");

    // A 100-character name without a break must not widen a page.
    const longName = `Phone${"x".repeat(82)}${Date.now()}`;
    await page.goto("/projects");
    const create = page.getByRole("form", { name: "Create a project" });
    await create.getByLabel("Name", { exact: true }).fill(longName);
    await create.getByLabel("Slug (optional)").fill(`phone-${Date.now()}`);
    await create.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByTestId("project-row").filter({ hasText: longName })).toBeVisible();
    await checkPage(page, "/projects");
    // Gone again: other specs count the demo account's projects.
    await page.getByRole("button", { name: `Delete ${longName}` }).click();
    await page.getByRole("dialog", { name: `Delete ${longName}?` }).getByRole("button", { name: "Delete project" }).click();
    await expect(page.getByTestId("project-row").filter({ hasText: longName })).toHaveCount(0);

    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await expect(page.getByRole("heading", { name: "demo-web-1.example.com", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("demo-web-1.example.com · Services · Rackfront");
    const servicePath = new URL(page.url()).pathname;
    // The CPU chart tells a screen reader what it shows.
    await page.goto(`${servicePath}?tab=usage`);
    await expect(page.getByTestId("usage-card").getByText(/^CPU over the last 24 hours: average \d+%, peak \d+% at \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d UTC\./)).toBeAttached();

    const invoice = await firstDetail(page, "/billing/invoices");
    const product = await firstDetail(page, "/order");
    for (const path of [
      "/",
      "/services",
      servicePath,
      // Every tab of the demo VPS (the strip scrolls inside its own box).
      ...["console", "usage", "power", "backups", "networking", "settings", "billing", "activity", "destroy"].map((tab) => `${servicePath}?tab=${tab}`),
      "/order",
      ...(product ? [product] : []),
      "/billing",
      "/billing/invoices",
      ...(invoice ? [invoice] : []),
      "/billing/proformas",
      "/billing/credit",
      "/billing/cards",
      "/api-keys",
      "/reseller-programme",
      "/account/profile",
      "/account/security",
      "/account/ssh-keys",
    ]) {
      await checkPage(page, path);
    }
    expect(invoice, "the demo invoice is listed").not.toBeNull();
    await page.goto(invoice!);
    await expect(page).toHaveTitle(/^INV-\d{4}-\d+ · Invoices · Rackfront$/);
    expect(product, "the order page lists a product").not.toBeNull();
  });

  test("the reseller portal", async ({ page, request, creds }) => {
    test.setTimeout(240_000);
    // No order here: this spec runs first, and later specs expect the reseller to have no services
    // yet. The reseller's service page is checked when one exists (the panel's service page is the
    // same view, checked above with the demo VPS).
    await submitLogin(page, creds.reseller);
    await expect(page).toHaveURL(/\/reseller$/);
    const servicePath = await firstDetail(page, "/reseller/services");
    // A customer whose name is 100 characters without a break.
    await page.goto("/reseller/signing-secret");
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(page.getByTestId("signing-secret")).toHaveText(/^[0-9a-f]{64}$/);
    const signingSecret = (await page.getByTestId("signing-secret").textContent())!;
    const { apiKey } = (readDemoCredentials() as unknown as { reseller: { apiKey: string } }).reseller;
    const body = JSON.stringify({ externalCustomerId: `phone-${Date.now()}`, externalCustomerName: `Phone${"x".repeat(82)}${Date.now()}` });
    const created = await request.post("/v1/reseller/customers", { headers: resellerSignedHeaders(apiKey, signingSecret, body), data: body });
    expect(created.ok(), await created.text()).toBe(true);
    const customerId = ((await created.json()) as { data: { id: string } }).data.id;
    const customer = await firstDetail(page, "/reseller/customers");
    const product = await firstDetail(page, "/reseller/catalogue");
    const delivery = await firstDetail(page, "/reseller/webhooks");
    for (const path of [
      "/reseller",
      "/reseller/services",
      ...(servicePath ? [servicePath] : []),
      "/reseller/orders",
      "/reseller/catalogue",
      ...(product ? [product] : []),
      "/reseller/customers",
      ...(customer ? [customer] : []),
      "/reseller/billing",
      "/reseller/api-keys",
      "/reseller/signing-secret",
      "/reseller/webhooks",
      ...(delivery ? [delivery] : []),
      "/account/security",
    ]) {
      await checkPage(page, path);
    }
    expect(customer, "the new customer is listed").not.toBeNull();
    // Gone again, so that other specs see the customers they made.
    const removed = await request.delete(`/v1/reseller/customers/${customerId}`, { headers: resellerSignedHeaders(apiKey, signingSecret, "") });
    expect(removed.ok(), await removed.text()).toBe(true);
  });

  test("the operator console", async ({ page, creds }) => {
    test.setTimeout(240_000);
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page).toHaveTitle("Operator console · Rackfront");
    const lists = ["/admin/products", "/admin/categories", "/admin/options", "/admin/locations", "/admin/os-images", "/admin/tiers", "/admin/resellers", "/admin/customers", "/admin/services", "/admin/orders", "/admin/invoices", "/admin/nodes"];
    const details: string[] = [];
    for (const list of lists) {
      const detail = await firstDetail(page, list);
      if (detail) details.push(detail);
    }
    expect(details.length, "every list but one has something to open").toBeGreaterThanOrEqual(lists.length - 1);
    for (const path of [
      "/admin",
      ...lists,
      ...details,
      "/admin/products/new",
      "/admin/options/new",
      "/admin/locations/new",
      "/admin/os-images/new",
      "/admin/tiers/new",
      "/admin/nodes/new",
      "/admin/settings",
      "/admin/upgrades",
      "/admin/webhooks",
      "/account/security",
    ]) {
      await checkPage(page, path);
    }
  });
});

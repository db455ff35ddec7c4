import type { Locator, Page } from "@playwright/test";
import { expect, snap, submitLogin, test } from "../fixtures";

// Pages lead somewhere, and what was typed is never corrected silently: the dashboards' cards are
// links to what they count, an add-on quantity below 0 is refused next to its field (the rule is
// ZPanelOrderSchema, lib/catalogue/panel-order-schema.ts), and a long unbroken name wraps.

/** The page scrolls sideways (something is wider than the window). */
const pageOverflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
/** The element's box is wider than its own visible box: its content is wider than it. */
const boxOverflows = (box: Locator) => box.evaluate((el) => el.scrollWidth > el.clientWidth);
/** A 100-character name with no space to break at. */
const LONG = "a".repeat(100);

test.describe("leads: dashboard cards, the quantity rule, long names", () => {
  test("the operator dashboard's cards are links to what they count, by mouse anywhere on the card and by keyboard", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    const main = page.getByRole("main");
    const resellers = main.getByRole("link", { name: "Resellers", exact: true });

    // Keyboard: the card shows a focus ring when its link is focused, and Enter follows it.
    const card = main.locator("dl > div").filter({ has: page.getByRole("link", { name: "Resellers", exact: true }) });
    const shadow = () => card.evaluate((el) => getComputedStyle(el).boxShadow);
    const unfocused = await shadow();
    await resellers.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(resellers).toBeFocused();
    await expect.poll(shadow).not.toBe(unfocused);
    await snap(page, testInfo, "operator-dashboard-focused");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/resellers$/);
    await expect(page.getByRole("heading", { name: "Resellers", level: 1 })).toBeVisible();

    // Mouse: a click on the figure, away from the label, follows the card's link.
    await page.goto("/admin");
    const productCard = main.locator("dl > div").filter({ has: page.getByRole("link", { name: "Products", exact: true }) });
    const box = (await productCard.boundingBox())!;
    await page.mouse.click(box.x + box.width - 12, box.y + box.height - 12);
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  });

  test("the customer dashboard's cards lead to credit, unpaid invoices and the services list", async ({ page, creds }) => {
    await submitLogin(page, creds.customer);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Your credit balance" })).toHaveAttribute("href", "/billing/credit");
    await expect(main.getByRole("link", { name: "Unpaid invoices" })).toHaveAttribute("href", "/billing/invoices?status=unpaid");
    const services = main.getByRole("link", { name: "Services", exact: true });
    await services.click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
  });

  // The demo reseller's own customer account has no services yet (the reseller specs order later, in file order).
  test("an empty customer dashboard and services list offer \"Order a server\", leading to the catalogue", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.reseller);
    await expect(page).toHaveURL(/\/reseller$/);
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByText("No services yet")).toBeVisible();
    await snap(page, testInfo, "empty-dashboard");
    await main.getByRole("link", { name: "Order a server" }).click();
    await expect(page).toHaveURL(/\/order$/);
    await expect(page.getByRole("heading", { name: "Order", level: 1 })).toBeVisible();

    await page.goto("/services");
    await main.getByRole("link", { name: "Order a server" }).click();
    await expect(page).toHaveURL(/\/order$/);
  });

  test("an add-on quantity of -2 is refused under that add-on and stays as typed; 2 is then priced", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page.getByRole("heading", { name: /^Welcome back/, level: 1 })).toBeVisible();
    await page.goto("/order");
    await page.getByTestId("product-vps-m").getByRole("link", { name: "Configure VPS M" }).click();
    const form = page.getByRole("form", { name: "Configure VPS M" });
    await form.getByRole("radio", { name: /Amsterdam/ }).check();
    await form.getByLabel("Hostname").fill("web1.example.com");
    const ipv4 = form.getByLabel("Additional IPv4 address quantity");
    await ipv4.fill("-2");
    await form.getByRole("button", { name: "Review order" }).click();

    await expect(page.locator("#configure-errors")).toBeFocused();
    await expect(ipv4).toHaveAttribute("aria-invalid", "true");
    await expect(ipv4).toHaveAccessibleDescription("Enter 0 or more.");
    await expect(ipv4).toHaveValue("-2");
    await expect(page.getByTestId("order-review")).toHaveCount(0);
    await snap(page, testInfo, "quantity-refused");

    await ipv4.fill("2");
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(page.getByTestId("order-review").getByRole("row", { name: /Additional IPv4 address × 2/ })).toBeVisible();
    await expect(ipv4).not.toHaveAttribute("aria-invalid");
  });

  test("a long unbroken hostname or service name wraps: order review, service page header, services list", async ({ page, creds }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await submitLogin(page, creds.customer);
    await expect(page.getByRole("heading", { name: /^Welcome back/, level: 1 })).toBeVisible();

    // The order review with a 101-character hostname (three 33-character labels).
    const hostname = ["a", "b", "c"].map((c) => c.repeat(33)).join(".");
    await page.goto("/order");
    await page.getByTestId("product-vps-m").getByRole("link", { name: "Configure VPS M" }).click();
    const form = page.getByRole("form", { name: "Configure VPS M" });
    await form.getByRole("radio", { name: /Amsterdam/ }).check();
    await form.getByLabel("Hostname").fill(hostname);
    await form.getByRole("button", { name: "Review order" }).click();
    const review = page.getByTestId("order-review");
    await expect(review).toContainText(hostname);
    expect(await pageOverflows(page)).toBe(false);
    await review.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("long-hostname-review.png") });

    // No flow lets a customer name a service 100 characters without a break (hostnames break into
    // labels of at most 63), so the shown name is replaced in the page: the layout is what is tested.
    await page.goto("/services");
    const firstName = page.getByRole("main").getByRole("table").getByRole("row").nth(1).getByRole("link").first();
    await firstName.evaluate((el, text) => (el.textContent = text), LONG);
    expect(await boxOverflows(page.getByRole("main").getByRole("table").locator("xpath=.."))).toBe(false);
    expect(await pageOverflows(page)).toBe(false);
    await snap(page, testInfo, "long-name-services-list");

    await page.getByRole("main").getByRole("table").getByRole("row").nth(1).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).not.toHaveText("Services");
    await heading.evaluate((el, text) => (el.textContent = text), LONG);
    expect(await pageOverflows(page)).toBe(false);
    await snap(page, testInfo, "long-name-service-header");
  });
});

import { expect, snap, submitLogin, test } from "../fixtures";

// The demo customer (NL, EUR) pays retail plus 21 % VAT. VPS M monthly in Amsterdam with two extra
// IPv4 addresses, daily backups and an assisted migration is 98.90 + 20.77 = 119.67: the figure
// quoteOrder gives for it (lib/pricing/quote-order-demo.test.ts).

test.describe("customer panel: configure, review, place and pay an order", () => {
  test("pick a VPS, cycle, datacentre, image and add-ons; fix the errors; see the exact total; place it and pay it from credit", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Order" }).click();
    await expect(page.getByRole("heading", { name: "Order", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "VPS", exact: true, level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "VPS M", level: 3 })).toBeVisible();
    const card = page.getByTestId("product-vps-m");
    await expect(card).toContainText("Available");
    await expect(card).toContainText("€12.90 per month");
    await snap(page, testInfo, "catalogue");

    await card.getByRole("link", { name: "Configure VPS M" }).click();
    await expect(page.getByRole("heading", { name: "Configure VPS M", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "Configure VPS M" });

    // Keyboard only: submit with a bad hostname and see the errors, focused.
    await form.getByLabel("Hostname").fill("-bad-");
    await form.getByLabel("Hostname").press("Enter");
    const errors = page.locator("#configure-errors");
    await expect(errors).toBeFocused();
    await expect(errors).toContainText("Hostname: Use letters, digits and hyphens");
    await expect(form.getByLabel("Hostname")).toHaveAttribute("aria-invalid", "true");
    await snap(page, testInfo, "configure-errors");

    await form.getByRole("radio", { name: /^Monthly/ }).check();
    await form.getByRole("radio", { name: /Amsterdam/ }).check();
    await expect(form.getByLabel("Operating system")).not.toHaveValue("");
    await form.getByLabel("Hostname").fill("web1.example.com");
    await form.getByLabel("Additional IPv4 address quantity").fill("2");
    await form.getByLabel("Automated daily backups quantity").fill("1");
    await form.getByLabel("Assisted migration quantity").fill("1");
    await form.getByRole("button", { name: "Review order" }).click();

    const review = page.getByTestId("order-review");
    await expect(review.getByRole("heading", { name: "Review: VPS M, monthly" })).toBeFocused();
    await expect(review).toContainText("Amsterdam");
    // The form still shows what was reviewed.
    await expect(form.getByRole("radio", { name: /Amsterdam/ })).toBeChecked();
    await expect(form.getByLabel("Additional IPv4 address quantity")).toHaveValue("2");
    await expect(review).toContainText("web1.example.com");
    await expect(review.getByRole("row", { name: /Additional IPv4 address × 2/ })).toBeVisible();
    await expect(review.getByTestId("price-rule")).toHaveText("Priced at: Retail price");
    await expect(review.getByTestId("review-amount")).toHaveText("€98.90");
    await expect(review.getByTestId("review-vat")).toHaveText("€20.77");
    await expect(review.getByTestId("review-total")).toHaveText("€119.67");
    await expect(review.getByText("VAT 21 % (NL)")).toBeVisible();
    await snap(page, testInfo, "order-review");

    // Changing the configuration withdraws the stale figures until it is reviewed again.
    await form.getByRole("radio", { name: /^Annually/ }).check();
    await expect(page.getByTestId("order-review")).toHaveCount(0);
    await expect(page.getByText("review it again to see the new price")).toBeVisible();
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(page.getByTestId("order-review").getByRole("heading", { name: "Review: VPS M, annually" })).toBeVisible();

    // Back to monthly, reviewed again, and placed: the customer lands on the order's invoice.
    await form.getByRole("radio", { name: /^Monthly/ }).check();
    await form.getByRole("button", { name: "Review order" }).click();
    await expect(page.getByTestId("review-total")).toHaveText("€119.67");
    await page.getByTestId("order-review").getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/billing\/invoices\/[0-9a-f-]{36}\?ordered=ORD-\d{4}-\d{6}$/);
    await expect(page.getByText(/Order ORD-\d{4}-\d{6} is placed\. Pay this document/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-/ })).toBeVisible();
    await expect(page.getByText("€119.67").first()).toBeVisible();
    await snap(page, testInfo, "order-placed");

    // Paid from credit: the invoice is paid, and the order with it.
    const pay = page.getByRole("form", { name: "Pay from credit" });
    await pay.getByRole("button", { name: "Pay €119.67 from credit" }).click();
    await expect(page.getByText("The invoice is paid")).toBeVisible();
    const orders = (await (await page.request.get("/v1/orders?limit=1", { headers: { authorization: `Bearer ${creds.customer.apiKey}` } })).json()) as {
      data: { orders: { status: string; payment_status: string; items: { hostname: string }[] }[] };
    };
    expect(orders.data.orders[0]).toMatchObject({ status: "paid", payment_status: "paid", items: [{ hostname: "web1.example.com" }] });
  });
});

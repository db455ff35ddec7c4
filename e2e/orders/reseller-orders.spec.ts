import { expect, readDemoCredentials, resellerSignedHeaders, snap, submitLogin, test } from "../fixtures";

// The reseller portal's orders page: an order placed through the signed API shows up, and the
// external-id filter finds it (and nothing for an unknown id).

type ApiCreds = { reseller: { apiKey: string } };

test.describe("reseller portal: orders", () => {
  test("an API order is listed, filtered by external id and payment status", async ({ page, creds, request }, testInfo) => {
    test.setTimeout(180_000);
    const api = readDemoCredentials() as unknown as ApiCreds;
    const auth = { authorization: `Bearer ${api.reseller.apiKey}` };

    await submitLogin(page, creds.reseller);
    await expect(page).toHaveURL(/\/reseller$/);

    // Before this first order the reseller has no services: both lists say where services come from.
    await page.goto("/services");
    await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
    await expect(page.getByText("No services yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Order a server" })).toBeVisible();
    await snap(page, testInfo, "services-empty");
    await page.goto("/reseller");
    await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/reseller\/services$/);
    await expect(page.getByText("No services yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "reseller API" })).toHaveAttribute("href", "/v1/reseller/docs");

    // The secret in force, read where the reseller reads it (an earlier spec rotates the seeded one).
    await page.goto("/reseller/signing-secret");
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(page.getByTestId("signing-secret")).toHaveText(/^[0-9a-f]{64}$/);
    const signingSecret = (await page.getByTestId("signing-secret").textContent())!;

    // A product this reseller can order as it is: the first whose schema needs no location, else the first location offered.
    const products = (await (await request.get("/v1/reseller/products", { headers: auth })).json()) as { data: { id: string; pricing: { monthly: number | null } }[] };
    const externalOrderId = `e2e-${Date.now()}`;
    let placed: { status: number; body: { data?: { orderNumber?: string } } } | null = null;
    for (const p of products.data.filter((x) => x.pricing.monthly !== null)) {
      const schema = (await (await request.get(`/v1/reseller/products/${p.id}/schema`, { headers: auth })).json()) as {
        data: { locationRequired: boolean; locationPricing: { value: string; available: boolean }[] | null };
      };
      const location = schema.data.locationPricing?.find((l) => l.available)?.value;
      if (schema.data.locationRequired && !location) continue;
      const body = JSON.stringify({ productId: p.id, billingCycle: "monthly", externalOrderId, configuration: location ? { location } : {} });
      const res = await request.post("/v1/reseller/orders", { headers: resellerSignedHeaders(api.reseller.apiKey, signingSecret, body), data: body });
      placed = { status: res.status(), body: await res.json() };
      if (placed.status === 201) break;
    }
    expect(placed?.status, JSON.stringify(placed?.body)).toBe(201);
    const orderNumber = placed!.body.data!.orderNumber!;

    await page.goto("/reseller");
    await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "Orders" }).click();
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    await expect(page.getByRole("cell", { name: orderNumber })).toBeVisible();
    await snap(page, testInfo, "orders-list");

    await page.getByLabel("External order id").fill(externalOrderId);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`externalOrderId=${externalOrderId}`));
    await expect(page.getByRole("row")).toHaveCount(2); // header + the order
    await expect(page.getByRole("cell", { name: externalOrderId })).toBeVisible();

    await page.getByLabel("External order id").fill("no-such-order");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No order matches these filters")).toBeVisible();
    await snap(page, testInfo, "orders-no-match");
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page.getByRole("cell", { name: orderNumber })).toBeVisible();
  });
});

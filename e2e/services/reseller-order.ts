import type { APIRequestContext, Page } from "@playwright/test";
import { expect, readDemoCredentials, resellerSignedHeaders, submitLogin, type DemoLogin } from "../fixtures";

type ApiCreds = { reseller: { apiKey: string } };

/**
 * Signs in as the demo reseller, orders a product of `kind` through the signed API in its first
 * location with room, and opens the new service's portal page. Returns the API headers and the hostname.
 */
export async function orderAndOpen(page: Page, request: APIRequestContext, login: DemoLogin, kind: "vps" | "dedicated", prefix: string) {
  const api = readDemoCredentials() as unknown as ApiCreds;
  const auth = { authorization: `Bearer ${api.reseller.apiKey}` };
  await submitLogin(page, login);
  await expect(page).toHaveURL(/\/reseller$/);
  await page.goto("/reseller/signing-secret");
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByTestId("signing-secret")).toHaveText(/^[0-9a-f]{64}$/);
  const signingSecret = (await page.getByTestId("signing-secret").textContent())!;

  const products = (await (await request.get("/v1/reseller/products", { headers: auth })).json()) as { data: { id: string; kind: string; pricing: { monthly: number | null } }[] };
  const product = products.data.find((p) => p.kind === kind && p.pricing.monthly !== null)!;
  const schema = (await (await request.get(`/v1/reseller/products/${product.id}/schema`, { headers: auth })).json()) as { data: { locationPricing: { value: string; available: boolean }[] | null } };
  const location = schema.data.locationPricing?.find((l) => l.available)?.value;
  const hostname = `${prefix}-${Date.now()}.example.com`;
  const body = JSON.stringify({ productId: product.id, billingCycle: "monthly", externalOrderId: hostname, configuration: { hostname, ...(location ? { location } : {}) } });
  const placed = await request.post("/v1/reseller/orders", { headers: resellerSignedHeaders(api.reseller.apiKey, signingSecret, body), data: body });
  expect(placed.status(), await placed.text()).toBe(201);

  await page.goto("/reseller/services");
  await page.getByRole("link", { name: hostname }).click();
  await expect(page.getByRole("heading", { name: hostname, level: 1 })).toBeVisible();
  return { auth, hostname };
}

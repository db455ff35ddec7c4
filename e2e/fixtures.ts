import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

export type DemoLogin = { email: string; password: string };
/** The seeded keys (prisma/seed/write-demo-credentials.ts writes them beside the logins). */
export type DemoCustomerLogin = DemoLogin & { apiKey: string; readOnlyApiKey: string };
export type DemoCredentials = { baseUrl: string; customer: DemoCustomerLogin; reseller: DemoLogin; admin: DemoLogin };

/** The demo logins the server wrote when it seeded its fresh data directory. */
export function readDemoCredentials(): DemoCredentials {
  const dir = process.env.RF_E2E_DATA_DIR;
  if (!dir) throw new Error("RF_E2E_DATA_DIR is not set (global setup did not run?)");

  return JSON.parse(readFileSync(path.join(dir, "demo-credentials.json"), "utf8")) as DemoCredentials;
}

export const test = base.extend<{ creds: DemoCredentials }>({
  baseURL: async ({}, provide) => {
    await provide(process.env.RF_E2E_BASE_URL);
  },
  creds: async ({}, provide) => {
    await provide(readDemoCredentials());
  },
});

export { expect };

/** Fills and submits the sign-in form (Enter in the password field, as a user would). */
export async function submitLogin(page: Page, login: DemoLogin, path = "/login"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByLabel("Password").press("Enter");
}

/** Signs in through Auth.js's own credentials endpoint (no UI), as an API client would. */
export async function postCredentials(page: Page, fields: Record<string, string>) {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, ...fields }, maxRedirects: 0 });
  const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } } | null;

  return { status: res.status(), location: res.headers().location ?? "", session };
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Account menu" }).first().click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A full-page screenshot attached to the test's results (test-results/<test>/<name>.png). */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  // From the top: a full-page shot of a scrolled page draws the sticky sidebar twice.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** The headers of a signed reseller API write: the key, `X-Reseller-Timestamp` and the HMAC over `<timestamp>.<body>`. */
export function resellerSignedHeaders(apiKey: string, signingSecret: string, body: string): Record<string, string> {
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    authorization: `Bearer ${apiKey}`,
    "content-type": "application/json",
    "x-reseller-timestamp": ts,
    "x-reseller-signature": `hmac-sha256=${createHmac("sha256", signingSecret).update(`${ts}.${body}`).digest("hex")}`,
  };
}

/**
 * Opens one tab of the service page that is open (`?tab=<slug>`; Overview is the page itself), once
 * the click that opened the page has landed on it.
 */
export async function openServiceTab(page: Page, tab: string): Promise<void> {
  await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}/);
  const url = new URL(page.url());
  url.search = tab === "overview" ? "" : `?tab=${tab}`;
  url.hash = "";
  await page.goto(url.toString());
  await expect(page.getByRole("navigation", { name: "Service sections" }).locator('[aria-current="page"]')).toBeVisible();
}

/**
 * Orders a monthly VPS S in Amsterdam with this hostname from the signed-in customer's panel and
 * leaves it on its invoice, unpaid: answers the order number the page names.
 */
export async function placeVpsSOrder(page: Page, hostname: string): Promise<string> {
  await page.goto("/order");
  await page.getByTestId("product-vps-s").getByRole("link", { name: "Configure VPS S" }).click();
  const form = page.getByRole("form", { name: "Configure VPS S" });
  await form.getByRole("radio", { name: /^Monthly/ }).check();
  await form.getByRole("radio", { name: /Amsterdam/ }).check();
  await expect(form.getByLabel("Operating system")).not.toHaveValue("");
  await form.getByLabel("Hostname").fill(hostname);
  await form.getByRole("button", { name: "Review order" }).click();
  await page.getByTestId("order-review").getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/billing\/invoices\/[0-9a-f-]{36}\?ordered=ORD-\d{4}-\d{6}$/);
  return new URL(page.url()).searchParams.get("ordered")!;
}

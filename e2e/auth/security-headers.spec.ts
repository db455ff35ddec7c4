import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, signOut, submitLogin, test } from "../fixtures";

// docs/decisions.md#r13: every page runs under a nonce CSP. If the policy blocked one of Next's
// scripts, the page would render from HTML but never hydrate; these steps only work hydrated
// (a client-side menu, client navigation, a chart drawn in the browser, a dialog).

/** Collects every CSP violation the page reports (and Chromium's console lines about refused content). */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__rfCspViolation", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __rfCspViolation(line: string): void }).__rfCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });

  return violations;
}

test.describe("security headers: pages hydrate under the nonce CSP", () => {
  test("a customer signs in, navigates, sees the usage charts and opens a dialog without a CSP violation", async ({ page, creds }) => {
    const violations = await recordViolations(page);
    const login = await page.goto("/login");
    const csp = login!.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+={0,2}' 'strict-dynamic'/);
    expect(login!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(login!.headers()["x-content-type-options"]).toBe("nosniff");

    await submitLogin(page, creds.customer);
    await expect(page.getByRole("heading", { name: /^Welcome back, / })).toBeVisible();
    // Client-side navigation (no full load) to a service with recharts' charts.
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await expect(page.getByRole("heading", { name: "demo-web-1.example.com", level: 1 })).toBeVisible();
    // The service page's tabs are links: client-side navigation too.
    const tabs = page.getByRole("navigation", { name: "Service sections" });
    await tabs.getByRole("link", { name: "Usage" }).click();
    await expect(page.getByTestId("usage-card").locator(".recharts-line").first()).toBeVisible();
    await tabs.getByRole("link", { name: "Power" }).click();
    await page.getByRole("button", { name: "Restart" }).click();
    const dialog = page.getByRole("dialog", { name: "Restart the server?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await signOut(page);
    expect(violations).toEqual([]);
  });

  test("an operator's console and a reseller's portal hydrate too", async ({ page, creds }) => {
    const violations = await recordViolations(page);
    await submitLogin(page, creds.admin);
    await expect(page.getByRole("heading", { name: "Operator console", level: 1 })).toBeVisible();
    await signOut(page);
    await submitLogin(page, creds.reseller);
    await expect(page.getByRole("heading", { name: "Reseller portal", level: 1 })).toBeVisible();
    await signOut(page);
    expect(violations).toEqual([]);
  });

  test("a foreign page cannot frame the sign-in page", async ({ page, baseURL }) => {
    const login = new URL("/login", baseURL).toString();
    // The control: a file without page headers frames fine, so an empty login frame is the policy's doing.
    const control = new URL("/favicon.svg", baseURL).toString();
    // Another origin on the loopback address (a public origin may not frame a local one at all in Chromium).
    const foreign = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><title>foreign</title><script>window.loaded = 0</script>
        <iframe id="login" src="${login}" onload="window.loaded++"></iframe><iframe id="control" src="${control}" onload="window.loaded++"></iframe>`);
    });
    await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
    try {
      await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => (window as unknown as { loaded: number }).loaded === 2);
      await expect(page.frameLocator("#control").locator("svg")).toHaveCount(1);
      await expect(page.frameLocator("#login").getByRole("heading", { name: "Sign in to Rackfront" })).toHaveCount(0);
      await expect(page.frameLocator("#login").getByLabel("Password")).toHaveCount(0);
    } finally {
      foreign.close();
    }
  });
});

import { expect, test } from "../fixtures";

// The APIs' HTML pages (docs/api.md, "Docs routes"): their one script runs under their own CSP in a
// real browser, Copy copies, Try it sends with the typed key, and nothing is wider than a phone.

test.describe("API reference and guide pages", () => {
  test("Try it sends a request with the typed key and shows the answer; without a key it shows the 401", async ({ page, creds }) => {
    const violations: string[] = [];
    page.on("pageerror", (e) => violations.push(String(e)));
    page.on("console", (m) => {
      // The 401 below is logged as a failed load; only a policy refusal is a fault here.
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto("/v1/docs");
    const balance = page.locator("#getAccountBalance");
    await balance.getByText("Try it").click();
    await balance.getByRole("button", { name: "Send GET request" }).click();
    await expect(balance.locator("pre.result")).toContainText("401");

    await page.getByLabel("API key for Try it").fill(creds.customer.apiKey);
    await balance.getByRole("button", { name: "Send GET request" }).click();
    await expect(balance.locator("pre.result")).toContainText("200");
    await expect(balance.locator("pre.result")).toContainText('"success": true');
    await expect(balance.locator("pre.result")).toContainText('"currency"');

    // A path parameter left empty is asked for, not sent.
    const project = page.locator("#getProjectsById");
    await project.getByText("Try it").click();
    await project.getByRole("button", { name: "Send GET request" }).click();
    await expect(project.locator("pre.result")).toHaveText("Fill in id first.");
    expect(violations).toEqual([]);
  });

  test("Copy puts a code block's text on the clipboard", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/v1/guide");
    const first = page.locator("article .code").first();
    await first.getByRole("button", { name: "Copy code" }).click();
    await expect(first.getByRole("button", { name: "Copy code" })).toHaveText("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await first.locator("pre").textContent());
    expect(copied).toContain("curl -s");
  });

  for (const path of ["/v1/docs", "/v1/guide", "/v1/reseller/docs", "/v1/reseller/guide"]) {
    test(`${path} fits a 390-pixel screen: code scrolls inside its own box`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(page.locator("pre").first()).toBeVisible();
      expect(await page.locator("pre").first().evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
    });
  }
});

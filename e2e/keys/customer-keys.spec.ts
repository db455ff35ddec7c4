import { randomBytes } from "node:crypto";
import { expect, signOut, snap, submitLogin, test } from "../fixtures";

const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;

async function callApi(baseURL: string, key: string) {
  const res = await fetch(`${baseURL}/v1/`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as { data?: { key?: { label: string; scopes: string[]; project: { slug: string } | null; expires_at: string | null } } } };
}

test.describe("customer panel: API keys", () => {
  test("an account without keys sees what keys are for and where the API is documented", async ({ page, creds }, testInfo) => {
    // The demo reseller's own client account has no customer API keys.
    await submitLogin(page, creds.reseller);
    await expect(page).toHaveURL(/\/reseller$/);
    await page.goto("/api-keys");
    await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
    await expect(page.getByText("No API keys yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Read the API reference" })).toHaveAttribute("href", "/v1/docs");
    await expect(page.getByRole("link", { name: "Create your first key" })).toBeVisible();
    await snap(page, testInfo, "customer-keys-empty-state");
    await signOut(page);
  });

  test("create a key, use it once against /v1, revoke it, and it is refused", async ({ page, creds, baseURL }, testInfo) => {
    const label = `E2E deploy ${randomBytes(3).toString("hex")}`;
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "API keys" }).click();
    await expect(page).toHaveURL(/\/api-keys$/);
    // The seeded keys are listed by label and public prefix only.
    await expect(page.getByRole("row", { name: "Demo automation (all scopes)" })).toContainText(/rfk_[0-9a-f]{8}_…/);

    await page.getByRole("link", { name: "Create key" }).click();
    const form = page.getByRole("form", { name: "Create an API key" });
    await expect(form.getByLabel("Label")).toBeFocused();
    await expect(form.getByRole("checkbox", { name: /^Read/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /^Read/ })).toBeDisabled();

    // Client-side checks with the shared schema: an empty label and a bad allowlist line.
    await form.getByLabel("IP allowlist (optional)").fill("127.0.0.1\n10.0.0.300");
    await form.getByRole("button", { name: "Create key" }).click();
    await expect(form.getByText("Give the key a label, e.g. where it is used.")).toBeVisible();
    await expect(form.getByText("“10.0.0.300” is not an IP address or CIDR block")).toBeVisible();
    await expect(form.getByLabel("Label")).toBeFocused();
    await snap(page, testInfo, "customer-create-form-errors");

    await form.getByLabel("Label").fill(label);
    await form.getByRole("checkbox", { name: /^Services/ }).check();
    await form.getByLabel("Project").selectOption({ label: "default" });
    await form.getByLabel("Expires on (optional)").fill(nextYear);
    // The e2e server stamps the socket address, so a loopback allowlist lets this test's fetch through.
    await form.getByLabel("IP allowlist (optional)").fill("127.0.0.1\n::1");
    await snap(page, testInfo, "customer-create-form");
    await form.getByRole("button", { name: "Create key" }).click();

    const secret = page.getByTestId("new-api-key");
    await expect(secret).toHaveText(/^rfk_[0-9a-f]{8}_[0-9a-f]{96}$/);
    await expect(page.getByText("You won't see it again")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy key" })).toBeVisible();
    const plaintext = (await secret.textContent())!;
    await snap(page, testInfo, "customer-secret-shown-once");

    const ok = await callApi(baseURL!, plaintext);
    expect(ok.status).toBe(200);
    expect(ok.body.data?.key).toMatchObject({ label, scopes: ["read", "services"], project: { slug: "default" }, expires_at: `${nextYear}T23:59:59.999Z` });

    await page.getByRole("button", { name: "I have copied the key" }).click();
    await expect(page).toHaveURL(/\/api-keys$/);
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    const row = page.getByRole("row", { name: label });
    await expect(row).toContainText(`rfk_${plaintext.slice(4, 12)}_…`);
    await expect(row).toContainText("services");
    await expect(row).toContainText("default");
    await expect(row).toContainText("just now");
    await expect(row).toContainText("Only from 2 addresses");
    await page.reload();
    await expect(page.getByRole("row", { name: label })).toBeVisible();
    expect(await page.content()).not.toContain(plaintext.slice(13));
    await snap(page, testInfo, "customer-key-list");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, "customer-key-list-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole("button", { name: `Revoke ${label}` }).click();
    const dialog = page.getByRole("dialog", { name: `Revoke “${label}”?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await snap(page, testInfo, "customer-revoke-dialog");
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `“${label}” is revoked.` })).toBeVisible();
    await expect(page.getByRole("row", { name: label })).toHaveCount(0);
    await page.getByText(/^Revoked keys \(\d+\)$/).click();
    await expect(page.locator("s", { hasText: label })).toBeVisible();

    expect((await callApi(baseURL!, plaintext)).status).toBe(401);
  });
});

import { createHmac, randomBytes } from "node:crypto";
import { expect, snap, submitLogin, test } from "../fixtures";

type Answer = { status: number; body: { success?: boolean; error?: unknown; data?: unknown } };

async function call(baseURL: string, key: string, method: "GET" | "POST", path: string, sign?: { secret: string; body: string }): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (sign) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    headers["content-type"] = "application/json";
    headers["x-reseller-timestamp"] = timestamp;
    headers["x-reseller-signature"] = `hmac-sha256=${createHmac("sha256", sign.secret).update(`${timestamp}.${sign.body}`).digest("hex")}`;
  }
  const res = await fetch(`${baseURL}/v1/reseller${path}`, { method, headers, body: sign?.body });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

const newCustomerBody = () => JSON.stringify({ externalCustomerId: `e2e-${randomBytes(4).toString("hex")}`, externalCustomerName: "E2E customer" });

test.describe("reseller portal: API keys and signing secret", () => {
  test("create a key, call the API with it and a signed request, rotate the secret, edit and revoke the key", async ({ page, creds, baseURL }, testInfo) => {
    const label = `E2E storefront ${randomBytes(3).toString("hex")}`;
    await submitLogin(page, creds.reseller);
    await expect(page).toHaveURL(/\/reseller$/);
    await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "API keys" }).click();
    await expect(page).toHaveURL(/\/reseller\/api-keys$/);
    await expect(page.getByTestId("key-slots").first()).toHaveText("2 of 20 keys");

    await page.getByRole("link", { name: "Create key" }).click();
    const form = page.getByRole("form", { name: "Create a reseller API key" });
    await form.getByLabel("Label").fill(label);
    await expect(form.getByRole("checkbox", { name: /^Read/ })).toBeChecked();
    await form.getByRole("checkbox", { name: /^Customers/ }).check();
    // The hourly limit must be lower than the account's.
    await form.getByLabel("Hourly request limit (optional)").fill("5000");
    await form.getByRole("button", { name: "Create key" }).click();
    await expect(form.getByText("Must be lower than your account's limit of 5,000 requests an hour.")).toBeVisible();
    await expect(form.getByLabel("Hourly request limit (optional)")).toBeFocused();
    await form.getByLabel("Hourly request limit (optional)").fill("1000");
    await snap(page, testInfo, "reseller-create-form");
    await form.getByRole("button", { name: "Create key" }).click();

    const secret = page.getByTestId("new-api-key");
    await expect(secret).toHaveText(/^rsk_[A-Za-z0-9]{8}_[A-Za-z0-9]{64}$/);
    await expect(page.getByText("You won't see it again")).toBeVisible();
    const key = (await secret.textContent())!;
    await snap(page, testInfo, "reseller-secret-shown-once");

    expect((await call(baseURL!, key, "GET", "/customers")).status).toBe(200);

    await page.getByRole("button", { name: "I have copied the key" }).click();
    await expect(page).toHaveURL(/\/reseller\/api-keys$/);
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    const row = page.getByRole("row", { name: label });
    await expect(row).toContainText(`rsk_${key.slice(4, 12)}_…`);
    await expect(row).toContainText("1,000");
    await expect(page.getByTestId("key-slots").first()).toHaveText("3 of 20 keys");
    await snap(page, testInfo, "reseller-key-list");
    // Revoke all asks first and says what stops; cancelled here, the demo keys stay.
    await page.getByRole("button", { name: "Revoke all" }).click();
    const revokeAll = page.getByRole("dialog", { name: "Revoke all 3 keys?" });
    await expect(revokeAll).toContainText("Every integration using a reseller API key stops at once");
    await snap(page, testInfo, "reseller-revoke-all-dialog");
    await page.keyboard.press("Escape");
    await expect(revokeAll).toBeHidden();
    await expect(page.getByTestId("key-slots").first()).toHaveText("3 of 20 keys");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("row", { name: label }).getByRole("button", { name: `Revoke ${label}` })).toBeVisible();
    await snap(page, testInfo, "reseller-key-list-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The signing secret from its page signs a mutation.
    await page.getByRole("navigation", { name: "Reseller portal" }).getByRole("link", { name: "Signing secret" }).click();
    await expect(page.getByRole("heading", { name: "Signing secret", level: 1 })).toBeVisible();
    await expect(page.getByTestId("signing-secret")).not.toHaveText(/[0-9a-f]{64}/);
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(page.getByTestId("signing-secret")).toHaveText(/^[0-9a-f]{64}$/);
    const oldSecret = (await page.getByTestId("signing-secret").textContent())!;
    await snap(page, testInfo, "reseller-signing-secret");
    const created = await call(baseURL!, key, "POST", "/customers", { secret: oldSecret, body: newCustomerBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    await page.getByRole("button", { name: "Rotate secret…" }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await expect(dialog).toContainText("Every integration signing with the old secret starts failing at once");
    await expect(dialog).toContainText("webhooks are signed with the new one");
    await snap(page, testInfo, "reseller-rotation-dialog");
    await dialog.getByRole("button", { name: "Rotate now" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("New signing secret in force")).toBeVisible();
    await expect(page.getByTestId("signing-secret")).toHaveText(/^[0-9a-f]{64}$/);
    const newSecret = (await page.getByTestId("signing-secret").textContent())!;
    expect(newSecret).not.toBe(oldSecret);
    await snap(page, testInfo, "reseller-secret-rotated");

    const withOld = await call(baseURL!, key, "POST", "/customers", { secret: oldSecret, body: newCustomerBody() });
    expect(withOld).toEqual({ status: 401, body: { success: false, error: "Invalid signature" } });
    const body = newCustomerBody();
    const withNew = await call(baseURL!, key, "POST", "/customers", { secret: newSecret, body });
    expect(withNew.status, JSON.stringify(withNew.body)).toBe(200);
    // After a reload the page shows the secret in force again.
    await page.reload();
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(page.getByTestId("signing-secret")).toHaveText(newSecret);

    // Binding a new key to that customer takes customers and account off the table.
    await page.goto("/reseller/api-keys?new=1");
    const bindForm = page.getByRole("form", { name: "Create a reseller API key" });
    await bindForm.getByRole("checkbox", { name: /^Account/ }).check();
    const externalId = (JSON.parse(body) as { externalCustomerId: string }).externalCustomerId;
    await bindForm.getByLabel("Bound to a customer (optional)").selectOption({ label: `${externalId} · E2E customer` });
    for (const scope of [/^Customers/, /^Account/]) {
      await expect(bindForm.getByRole("checkbox", { name: scope })).toBeDisabled();
      await expect(bindForm.getByRole("checkbox", { name: scope })).not.toBeChecked();
    }
    await expect(bindForm.getByText("Not available on a key bound to a customer.").first()).toBeVisible();
    await snap(page, testInfo, "reseller-create-form-bound");
    await bindForm.getByRole("link", { name: "Cancel" }).click();

    // Label and expiry can change; scopes are shown as fixed.
    await expect(page).toHaveURL(/\/reseller\/api-keys$/);
    await page.getByRole("row", { name: label }).getByRole("button", { name: `Edit ${label}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit API key" });
    await expect(edit).toContainText("Scopes are fixed when a key is created");
    await edit.getByLabel("Label").fill(`${label} (renamed)`);
    await edit.getByLabel("Expires on").fill(`${new Date().getUTCFullYear() + 2}-01-31`);
    await snap(page, testInfo, "reseller-edit-dialog");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toBeHidden();
    const renamed = page.getByRole("row", { name: `${label} (renamed)` });
    await expect(renamed).toContainText(`31 Jan ${new Date().getUTCFullYear() + 2}`);

    await renamed.getByRole("button", { name: `Revoke ${label} (renamed)` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByRole("row", { name: `${label} (renamed)` })).toHaveCount(0);
    await expect(page.getByTestId("key-slots").first()).toHaveText("2 of 20 keys");
    expect(await call(baseURL!, key, "GET", "/customers")).toEqual({ status: 401, body: { success: false, error: "Invalid API key" } });
  });
});

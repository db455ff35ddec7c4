import type { Page } from "@playwright/test";
import { expect, placeVpsSOrder, signOut, snap, submitLogin, test, type DemoLogin } from "../fixtures";

// A new customer from nothing: signs up, confirms the address with the link from the operator
// console's Outbox (no SMTP here, so emails stay there), signs in, gets credit from the operator,
// orders a VPS, pays, and the "is ready" email with the server's address arrives in the Outbox.

/** The operator opens the newest email to `to` with `subject` in the Outbox and returns its text part. */
async function readOutbox(page: Page, admin: DemoLogin, to: string, subject: RegExp): Promise<string> {
  await submitLogin(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Outbox" }).click();
  const search = page.getByRole("search", { name: "Search emails" });
  await search.getByLabel("Recipient").fill(to);
  await search.getByRole("button", { name: "Show" }).click();
  const link = page.getByRole("table", { name: "Emails" }).getByRole("link", { name: subject }).first();
  // The sweep sends within seconds of the request; reload until it is listed.
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  const text = (await page.getByTestId("email-text").textContent()) ?? "";
  await signOut(page);
  return text;
}

test.describe("accounts: sign up, confirm by email, order, hear the server is ready", () => {
  test("a new customer signs up through the Outbox link, orders a VPS and receives 'is ready'", async ({ page, creds }, testInfo) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const email = `new-customer-${stamp}@example.test`;
    const password = `sign-up password ${stamp}`;
    const company = `Newcomer ${stamp} Ltd`;
    const hostname = `first-${stamp}.example.com`;

    // Sign up: bad fields are refused next to each field first.
    await page.goto("/login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    await page.getByLabel("Your name").fill("Nia Newcomer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
    await expect(page.getByText("Choose your country.")).toBeVisible();
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Company (optional)").fill(company);
    await page.getByLabel("Country").selectOption({ label: "Netherlands" });
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await snap(page, testInfo, "sign-up-check-inbox");

    // Not an account yet.
    await submitLogin(page, { email, password });
    await expect(page.getByText("Wrong email or password.")).toBeVisible();

    // The confirmation link, from the Outbox.
    const verifyText = await readOutbox(page, creds.admin, email, /Confirm your email address/);
    const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(verifyText)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByText(`Create your account for ${email}.`)).toBeVisible();
    await page.getByRole("button", { name: "Confirm and create my account" }).click();
    await expect(page).toHaveURL(/\/login\?verified=1/);
    await expect(page.getByText("Your email address is confirmed and your account is ready.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    // The link works once.
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByText("This link was already used.")).toBeVisible();

    await submitLogin(page, { email, password });
    await expect(page).toHaveURL(/\/$/);
    await snap(page, testInfo, "sign-up-first-sign-in");
    await signOut(page);

    // The operator finds the new account by its email and adds credit.
    await submitLogin(page, creds.admin);
    // Signed in before going on: a navigation now would cancel the sign-in's own.
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: company }).click();
    const credit = page.getByRole("form", { name: "Adjust credit" });
    await credit.getByLabel("Add credit").check();
    await credit.getByLabel("Amount (EUR)").fill("50");
    await credit.getByLabel("Reason").fill("Welcome credit");
    await credit.getByRole("button", { name: "Apply" }).click();
    await expect(credit.getByText("Added €50.00. New balance: €50.00.")).toBeVisible();
    await signOut(page);

    // Order a VPS and pay from the credit.
    await submitLogin(page, { email, password });
    await expect(page).toHaveURL(/\/$/);
    await placeVpsSOrder(page, hostname);
    await page.getByRole("form", { name: "Pay from credit" }).getByRole("button", { name: /^Pay €[\d.,]+ from credit$/ }).click();
    await expect(page.getByText("The invoice is paid")).toBeVisible();
    await page.goto("/services");
    await page.getByRole("link", { name: hostname }).click();
    await expect(page.getByText("The server is running.")).toBeVisible({ timeout: 150_000 });
    await page.goto(`${new URL(page.url()).pathname}?tab=networking`);
    const address = (await page.getByTestId("service-networking").getByText(/^\d+\.\d+\.\d+\.\d+$/).first().textContent())!.trim();
    await signOut(page);

    // "… is ready", with the address and how to sign in.
    const ready = await readOutbox(page, creds.admin, email, new RegExp(`${hostname.replace(/\./g, "\\.")} is ready`));
    expect(ready).toContain(`IP address: ${address}`);
    expect(ready).toContain("User: root");
    expect(ready).toMatch(/\/services\/[0-9a-f-]{36}/);
  });

  test("forgot password: the same answer for an unknown address; a known one gets a link that works once", async ({ page, creds }) => {
    test.setTimeout(180_000);
    const unknown = `nobody-${Date.now().toString(36)}@example.test`;
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email").fill(unknown);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const answer = page.getByText("If an account uses that address, we sent it a link to choose a new password.");
    await expect(answer).toBeVisible();

    // A reseller demo account, so the other specs' customer and operator passwords stay as they are.
    const who = creds.reseller;
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(who.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(answer).toBeVisible();
    const text = await readOutbox(page, creds.admin, who.email, /Reset your password/);
    const url = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)![0]);

    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel("New password", { exact: true }).fill(who.password);
    await page.getByLabel("Repeat the new password").fill(`${who.password}x`);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("The two passwords differ.")).toBeVisible();
    // The same password again, so the demo credentials stay true for the rest of the suite.
    await page.getByLabel("New password", { exact: true }).fill(who.password);
    await page.getByLabel("Repeat the new password").fill(who.password);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("Your password is changed. Sign in with the new one.")).toBeVisible();
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByText("This link was already used.")).toBeVisible();
    await submitLogin(page, who);
    await expect(page).toHaveURL(/\/reseller/);
  });
});

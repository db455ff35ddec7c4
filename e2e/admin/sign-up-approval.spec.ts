import type { Browser, Page } from "@playwright/test";
import { expect, readDemoCredentials, signOut, submitLogin, test, type DemoLogin } from "../fixtures";

// Sign-ups that wait for the operator (docs/accounts.md, "Approval of new accounts"): with "Approve new
// accounts" on, a confirmed sign-up is created pending; its owner can sign in and is told it waits; the
// operator finds it on the dashboard and under Customers, approves it, and the banner is gone.
// The setting is shared by every spec on this server (other specs sign up with it off), so it is
// turned off again after this file whatever happened.

/** The console's Sign-ups settings, with "Approve new accounts" on or off, saved and read back. */
async function setSignUpApproval(page: Page, on: boolean): Promise<void> {
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Sign-ups" });
  await expect(form.getByLabel("Open sign-ups")).toBeChecked();
  await form.getByLabel("Approve new accounts").setChecked(on);
  await form.getByRole("button", { name: "Save sign-ups" }).click();
  await expect(form.getByText("Sign-up setting saved.")).toBeVisible();
  await page.reload();
  if (on) await expect(page.getByRole("form", { name: "Sign-ups" }).getByLabel("Approve new accounts")).toBeChecked();
  else await expect(page.getByRole("form", { name: "Sign-ups" }).getByLabel("Approve new accounts")).not.toBeChecked();
}

/** The operator opens the newest email to `to` with `subject` in the Outbox and returns its text part. */
async function readOutbox(page: Page, admin: DemoLogin, to: string, subject: RegExp): Promise<string> {
  await submitLogin(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/outbox");
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

/** In a context of its own (the test's page may be anywhere, or gone after a timeout): approval off. */
async function turnApprovalOff(browser: Browser): Promise<void> {
  const context = await browser.newContext({ baseURL: process.env.RF_E2E_BASE_URL });
  try {
    const page = await context.newPage();
    await submitLogin(page, readDemoCredentials().admin);
    await expect(page).toHaveURL(/\/admin$/);
    await setSignUpApproval(page, false);
  } finally {
    await context.close();
  }
}

test.describe("accounts: sign-ups that wait for the operator's approval", () => {
  test.afterAll(async ({ browser }) => {
    await turnApprovalOff(browser);
  });

  test("approval on: a confirmed sign-up waits, read-only, until the operator approves it from the dashboard", async ({ page, creds }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const email = `waiting-${stamp}@example.test`;
    const password = `approval password ${stamp}`;
    const company = `Waiting ${stamp} BV`;

    // The operator turns approval on.
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Programme and billing" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await setSignUpApproval(page, true);
    await signOut(page);

    // A person signs up and confirms the address with the link from the Outbox.
    await page.goto("/sign-up");
    await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    await page.getByLabel("Your name").fill("Wim Waiting");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Company (optional)").fill(company);
    await page.getByLabel("Country").selectOption({ label: "Netherlands" });
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    const verifyText = await readOutbox(page, creds.admin, email, /Confirm your email address/);
    const url = new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(verifyText)![0]);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole("button", { name: "Confirm and create my account" }).click();
    await expect(page).toHaveURL(/\/login\?verified=pending/);
    await expect(page.getByText("It now waits for our approval")).toBeVisible();

    // Signed in, the panel says it waits; ordering is refused while it does.
    await submitLogin(page, { email, password });
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByText("Your account is awaiting approval");
    await expect(banner).toBeVisible();
    await page.goto("/order");
    await expect(banner).toBeVisible();
    await page.getByTestId("product-vps-s").getByRole("link", { name: "Configure VPS S" }).click();
    const configure = page.getByRole("form", { name: "Configure VPS S" });
    await configure.getByRole("radio", { name: /^Monthly/ }).check();
    await configure.getByRole("radio", { name: /Amsterdam/ }).check();
    await expect(configure.getByLabel("Operating system")).not.toHaveValue("");
    await configure.getByLabel("Hostname").fill(`waiting-${stamp}.example.com`);
    await configure.getByRole("button", { name: "Review order" }).click();
    await page.getByTestId("order-review").getByRole("button", { name: "Place order" }).click();
    await expect(page.getByText("The account is awaiting approval; it is read-only until it is approved")).toBeVisible();
    await expect(page).not.toHaveURL(/ordered=/);
    await signOut(page);

    // The operator sees it on the dashboard and under Customers → Awaiting approval.
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    const waiting = page.getByRole("region", { name: "Sign-ups awaiting approval" });
    await expect(waiting.getByRole("listitem").filter({ hasText: email })).toBeVisible();
    await waiting.getByRole("link", { name: "Customers" }).click();
    await expect(page).toHaveURL(/\/admin\/customers\?status=pending$/);
    const row = page.getByRole("table", { name: "Customer accounts" }).getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) });
    await expect(row).toContainText("Awaiting approval");
    await row.getByRole("link", { name: company }).click();
    await expect(page.getByRole("heading", { name: company, level: 1 })).toBeVisible();
    await expect(page.getByText("Awaiting approval").first()).toBeVisible();

    // Approve sign-up, confirmed in its dialog with a note.
    await page.getByRole("button", { name: "Approve sign-up" }).click();
    const dialog = page.getByRole("dialog", { name: "Approve this account?" });
    await dialog.getByLabel("Note (optional)").fill("Checked by e2e");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.getByText("Approved: the owner can order now and has been emailed.")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Approve sign-up" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Suspend account" })).toBeVisible();
    await page.goto("/admin/customers?status=pending");
    await expect(page.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) })).toHaveCount(0);
    await signOut(page);

    // The owner is told by email, and the panel no longer shows the banner.
    const approved = await readOutbox(page, creds.admin, email, /Your account is approved/);
    expect(approved).toContain("you can order services now");
    await submitLogin(page, { email, password });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Account menu" }).first()).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto("/order");
    await expect(page.getByTestId("product-vps-s")).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

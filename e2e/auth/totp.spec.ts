import { Secret, TOTP } from "otpauth";
import { expect, postCredentials, readDemoCredentials, signOut, snap, submitLogin, test } from "../fixtures";

// One story on the demo customer: turn TOTP on, sign in with it, use recovery codes, turn it off.
// Serial, and afterAll turns it off again so later specs can sign in with the password alone.
test.describe.configure({ mode: "serial" });

const state: { secret?: string; recoveryCodes: string[] } = { recoveryCodes: [] };

function totp(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
}
/** The code for a moment `offsetSteps` 30-second steps from now (±1 is accepted by the server). */
function codeAt(secret: string, offsetSteps = 0) {
  return totp(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}
/** Six digits that are not valid anywhere in the accepted window. */
function wrongCode(secret: string) {
  const valid = new Set([-2, -1, 0, 1, 2].map((s) => codeAt(secret, s)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, "0");
    if (!valid.has(c)) return c;
  }
}

test("a customer turns on two-factor authentication", async ({ page, creds }, testInfo) => {
  await submitLogin(page, creds.customer);
  await expect(page.getByRole("heading", { name: /^Welcome back/ })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Security" }).click();
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await snap(page, testInfo, "security-off");

  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = await page.getByTestId("totp-secret").getAttribute("data-secret");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  state.secret = secret!;
  await snap(page, testInfo, "security-scan");

  await page.getByLabel("Code from the app").fill(wrongCode(secret!));
  await page.getByLabel("Code from the app").press("Enter");
  await expect(page.getByText("That code does not match.", { exact: false })).toBeVisible();

  await page.getByLabel("Code from the app").fill(codeAt(secret!));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
  state.recoveryCodes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
  expect(state.recoveryCodes).toHaveLength(10);
  await snap(page, testInfo, "security-recovery-codes");

  await page.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(page.getByText("10 unused recovery codes", { exact: false })).toBeVisible();
  await snap(page, testInfo, "security-on");
  await signOut(page);
});

test("sign-in now asks for the code; the pending step opens nothing; wrong and reused codes are refused", async ({ page, creds }, testInfo) => {
  const secret = state.secret!;
  await submitLogin(page, creds.customer);
  await expect(page).toHaveURL(/\/login\/verify/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();

  // Password accepted, code not yet given: no area opens.
  for (const path of ["/", "/reseller", "/admin", "/account/security"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  }
  await page.goto("/login/verify");

  await page.getByLabel("Authentication code").fill(wrongCode(secret));
  await page.getByLabel("Authentication code").press("Enter");
  await expect(page.getByText("That code is not valid.", { exact: false })).toBeVisible();
  await snap(page, testInfo, "verify-wrong-code");

  // The enrolment used the current step, so the next step's code is the first one still unused.
  const code = codeAt(secret, 1);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome back/ })).toBeVisible();
  await signOut(page);

  // The Auth.js endpoint cannot be used to skip the second step.
  // Checked from a fresh cookie jar, so it does not depend on how quickly sign-out cleared this one.
  const fresh = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const direct = await postCredentials(await fresh.newPage(), creds.customer);
  await fresh.close();
  expect(direct.location).toContain("code=totp_required");
  expect(direct.session).toBeNull();

  // The same code again: refused, even with the right password.
  await submitLogin(page, creds.customer);
  await expect(page).toHaveURL(/\/login\/verify/);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByLabel("Authentication code").press("Enter");
  await expect(page.getByText("That code has already been used.", { exact: false })).toBeVisible();
});

test("a recovery code signs in once", async ({ page, creds }, testInfo) => {
  const [first] = state.recoveryCodes;
  await submitLogin(page, creds.customer);
  await expect(page).toHaveURL(/\/login\/verify/);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(first!);
  await snap(page, testInfo, "verify-recovery-code");
  await page.getByLabel("Recovery code").press("Enter");
  await expect(page.getByRole("heading", { name: /^Welcome back/ })).toBeVisible();
  await signOut(page);

  await submitLogin(page, creds.customer);
  await expect(page).toHaveURL(/\/login\/verify/);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(first!);
  await page.getByLabel("Recovery code").press("Enter");
  await expect(page.getByText("That code is not valid.", { exact: false })).toBeVisible();

  // A second code works, and the security page counts what is left.
  await page.getByLabel("Recovery code").fill(state.recoveryCodes[1]!);
  await page.getByLabel("Recovery code").press("Enter");
  await expect(page.getByRole("heading", { name: /^Welcome back/ })).toBeVisible();
  await page.goto("/account/security");
  await expect(page.getByText("8 unused recovery codes", { exact: false })).toBeVisible();
});

test.afterAll("turn two-factor authentication off again (needs a code)", async ({ browser }) => {
  if (!state.secret) return;
  const creds = readDemoCredentials();
  const page = await browser.newPage({ baseURL: process.env.RF_E2E_BASE_URL });
  await submitLogin(page, creds.customer);
  await expect(page).toHaveURL(/\/login\/verify|\/$/);
  if (page.url().includes("/login/verify")) {
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(state.recoveryCodes[8]!);
    await page.getByLabel("Recovery code").press("Enter");
    await expect(page.getByRole("heading", { name: /^Welcome back/ })).toBeVisible();
  }
  await page.goto("/account/security");
  if (await page.getByRole("button", { name: "Turn off" }).isVisible()) {
    await page.getByLabel("Current code or a recovery code").fill("00000-00000");
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("That code is not valid.", { exact: false })).toBeVisible();
    await page.getByLabel("Current code or a recovery code").fill(state.recoveryCodes[9]!);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();
  }
  await page.close();
});

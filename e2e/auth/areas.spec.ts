import { expect, postCredentials, signOut, snap, submitLogin, test } from "../fixtures";

test.describe("sign-in and the three areas", () => {
  test("an unauthenticated visitor is sent to the login page with a callback", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin$/);
    await page.goto("/reseller");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Freseller$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2F$/);
    await expect(page.getByRole("heading", { name: "Sign in to Rackfront" })).toBeVisible();
  });

  test("a customer signs in to the customer panel and cannot open the console or the reseller portal", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: /^Welcome back, / })).toBeVisible();
    await expect(page.getByText("Credit balance")).toBeVisible();
    await expect(page.getByText("€250.00")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Services by status" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent invoices" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await snap(page, testInfo, "customer-dashboard");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
    await snap(page, testInfo, "customer-dashboard-phone");
    await page.setViewportSize({ width: 1280, height: 800 });

    for (const path of ["/admin", "/reseller"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
      await expect(page.getByText("Operator console")).toHaveCount(0);
    }
    await snap(page, testInfo, "customer-on-reseller-404");

    await page.goto("/");
    await signOut(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a reseller lands on the reseller portal", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.reseller);
    await expect(page).toHaveURL(/\/reseller$/);
    await expect(page.getByRole("heading", { name: "Reseller portal", level: 1 })).toBeVisible();
    for (const label of ["Profile status", "Tier", "Credit balance", "API keys"]) await expect(page.getByRole("main").getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
    await snap(page, testInfo, "reseller-dashboard");
    // A reseller's account is also a customer account; the operator console stays closed.
    await page.getByRole("link", { name: "Customer panel" }).click();
    await expect(page.getByRole("heading", { name: /^Welcome back/ })).toBeVisible();
    expect((await page.goto("/admin"))?.status()).toBe(404);
  });

  test("an operator lands on the operator console", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Operator console", level: 1 })).toBeVisible();
    for (const label of ["Client accounts", "Resellers", "Products", "Services"]) await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Reseller profiles by status" })).toBeVisible();
    await snap(page, testInfo, "operator-dashboard");
  });

  test("a wrong password and an unknown email get the same error; the right password still works", async ({ page, creds }, testInfo) => {
    await submitLogin(page, { email: creds.customer.email, password: "not-the-password" });
    await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(page.getByLabel("Email")).toHaveValue(creds.customer.email);
    await expect(page.getByLabel("Password")).toBeFocused();
    await snap(page, testInfo, "login-wrong-password");

    await submitLogin(page, { email: "nobody@rackfront.test", password: "whatever" });
    await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");

    await page.getByLabel("Email").fill(creds.customer.email);
    await page.getByLabel("Password").fill(creds.customer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: /^Welcome back/ })).toBeVisible();
  });

  test("the form explains missing fields before sending anything", async ({ page }, testInfo) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your email address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").press("Enter");
    await expect(page.getByText("Enter a valid email address.")).toBeVisible();
    await snap(page, testInfo, "login-validation");
  });

  test("after sign-in the user returns to the page they asked for", async ({ page, creds }) => {
    await page.goto("/account/security");
    await expect(page).toHaveURL(/callbackUrl=%2Faccount%2Fsecurity/);
    await page.getByLabel("Email").fill(creds.admin.email);
    await page.getByLabel("Password").fill(creds.admin.password);
    await page.getByLabel("Password").press("Enter");
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  });

  test("signing out everywhere ends the user's other sessions as well", async ({ browser, creds }) => {
    const contexts = await Promise.all([1, 2].map(() => browser.newContext({ baseURL: process.env.RF_E2E_BASE_URL })));
    const [here, elsewhere] = await Promise.all(contexts.map((c) => c.newPage()));
    for (const page of [here!, elsewhere!]) {
      await submitLogin(page, creds.admin);
      await expect(page.getByRole("heading", { name: "Operator console", level: 1 })).toBeVisible();
    }

    await here!.goto("/account/security");
    await here!.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(here!).toHaveURL(/\/login$/);

    await elsewhere!.reload();
    await expect(elsewhere!).toHaveURL(/\/login\?callbackUrl=%2Fadmin$/);
    await Promise.all(contexts.map((c) => c.close()));
  });

  test("a signed-out session stays signed out even if a request in flight hands the browser its cookie again", async ({ page, creds }) => {
    await submitLogin(page, creds.reseller);
    await expect(page.getByRole("heading", { name: "Reseller portal", level: 1 })).toBeVisible();
    const before = (await page.context().cookies()).filter((c) => c.name.includes("authjs.session-token"));
    expect(before).not.toHaveLength(0);

    await signOut(page);
    // What a slow request that left before the sign-out does on its way back: it sets the old
    // session cookie again. The session it names has ended, so nothing opens.
    await page.context().addCookies(before);
    const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: unknown } | null;
    expect(session?.user).toBeUndefined();
    await page.goto("/reseller");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Freseller$/);
    await expect(page.getByLabel("Email")).toBeVisible();
  });

  test("the Auth.js credentials endpoint signs in with email and password, and refuses a forged ticket", async ({ page, creds }) => {
    const wrong = await postCredentials(page, { email: creds.reseller.email, password: "wrong" });
    expect(wrong.location).toContain("/login?error=CredentialsSignin&code=invalid");
    expect(wrong.session).toBeNull();

    const forged = await postCredentials(page, { ticket: "eyJ1aWQiOiJ4In0.AAAA" });
    expect(forged.session).toBeNull();

    const ok = await postCredentials(page, { email: creds.reseller.email, password: creds.reseller.password });
    expect(ok.status).toBe(302);
    expect(ok.session?.user?.email).toBe(creds.reseller.email);
    await page.goto("/reseller");
    await expect(page.getByRole("heading", { name: "Reseller portal", level: 1 })).toBeVisible();
  });
});

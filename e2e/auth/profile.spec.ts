import { expect, signOut, snap, submitLogin, test } from "../fixtures";

// A customer finds Profile in the account menu, gets every field error of a bad submit at once,
// and changes their password on the Security page: a wrong current password is refused under its
// field; the right one changes it, keeps this browser signed in and works at the next sign-in.
// The demo password is put back at the end, for the specs that follow.
test.describe("profile and password", () => {
  test("profile errors by their fields; password changed, kept signed in, new one works", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/account/profile");
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();

    const details = page.getByRole("form", { name: "Account details" });
    await details.getByLabel("VAT number (optional)").fill("12");
    await details.getByLabel("Company (optional)").fill("x".repeat(201));
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByText("Enter the VAT number with its country prefix, e.g. NL123456789B01.")).toBeVisible();
    await expect(details.getByLabel("Company (optional)")).toHaveAttribute("aria-invalid", "true");
    await snap(page, testInfo, "profile-field-errors");

    await page.goto("/account/security");
    const form = page.getByRole("form", { name: "Change password" });
    const fresh = `${creds.customer.password}-Nw1`;
    await form.getByLabel("Current password").fill("not-the-password");
    await form.getByLabel("New password", { exact: true }).fill(fresh);
    await form.getByLabel("New password again").fill(fresh);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

    const change = async (from: string, to: string) => {
      await form.getByLabel("Current password").fill(from);
      await form.getByLabel("New password", { exact: true }).fill(to);
      await form.getByLabel("New password again").fill(to);
      await form.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Password changed. Every other session has ended; this one continues.")).toBeVisible();
    };
    await change(creds.customer.password, fresh);
    // Still signed in here.
    await page.goto("/services");
    await expect(page.getByRole("link", { name: "demo-web-1.example.com" })).toBeVisible();

    await signOut(page);
    await submitLogin(page, { email: creds.customer.email, password: fresh });
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/account/security");
    await change(fresh, creds.customer.password);
  });

  test("sessions: another browser's sign-in is listed and signed out from here", async ({ page, browser, creds }, testInfo) => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await submitLogin(otherPage, creds.customer);
    await expect(otherPage).toHaveURL(/\/$/);

    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/account/security");
    const list = page.getByRole("list", { name: "Sessions" });
    await expect(list.getByRole("listitem").filter({ hasText: "This session" })).toHaveCount(1);
    await expect(list.getByRole("listitem").first()).toContainText("Headless Chrome on Linux");
    await snap(page, testInfo, "security-sessions");
    const others = list.getByRole("button", { name: /^Sign out / });
    expect(await others.count()).toBeGreaterThanOrEqual(1);

    // "Sign out of other sessions" ends the other browser's too; this one stays.
    await page.getByRole("button", { name: "Sign out of other sessions" }).click();
    await expect(list.getByRole("button", { name: /^Sign out / })).toHaveCount(0);
    await otherPage.goto("/services");
    await expect(otherPage).toHaveURL(/\/login/);
    await page.goto("/services");
    await expect(page.getByRole("link", { name: "demo-web-1.example.com" })).toBeVisible();
    await other.close();
  });
});

import { expect, snap, submitLogin, test } from "../fixtures";

// The operator signs in as the demo customer for support: a reason is asked, the panel shows the
// customer's things under a banner, the console and the person's sign-in settings stay out of
// reach, and "Back to the console" returns to the customer's page, where both ends are recorded.
test.describe("operator console: sign in as a customer", () => {
  test("a reason, the banner, no console, and back, with the start and end in the operator activity", async ({ page, creds }, testInfo) => {
    const reason = `Ticket ${Date.now().toString(36)}: invoice question`;
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Customers" }).click();
    await page.getByRole("link", { name: /Janssen Web Services/ }).first().click();
    await expect(page.getByRole("heading", { name: "Janssen Web Services B.V.", level: 1 })).toBeVisible();
    const customerPage = new URL(page.url()).pathname;

    await page.getByRole("button", { name: "Sign in as customer" }).click();
    const dialog = page.getByRole("dialog", { name: `See the panel as ${creds.customer.email}?` });
    // No reason, no sign-in: the refusal stands under the field.
    await dialog.getByRole("button", { name: "Sign in as customer" }).click();
    // The refusal itself, not the field's label: filling before it arrives would be wiped by its re-render.
    await expect(dialog.getByText("Enter the reason.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${customerPage}$`));
    await dialog.getByLabel("Reason").fill(reason);
    await dialog.getByRole("button", { name: "Sign in as customer" }).click();

    const banner = page.getByRole("region", { name: "Signed in as a customer" });
    await expect(banner).toContainText(`Signed in as ${creds.customer.email}`);
    await expect(banner).toContainText(`by ${creds.admin.email} for support`);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    await expect(page.getByRole("link", { name: "demo-web-1.example.com" })).toBeVisible();
    await expect(banner).toBeVisible();
    await snap(page, testInfo, "impersonation-banner");

    // The console is not reachable from the customer view, nor the person's own sign-in settings.
    const consoleAnswer = await page.goto("/admin");
    expect(consoleAnswer?.status()).toBe(404);
    await page.goto("/account/security");
    await expect(page.getByText("Sign-in settings stay the customer's")).toBeVisible();
    await expect(page.getByRole("form", { name: "Change password" })).toHaveCount(0);

    await page.getByRole("region", { name: "Signed in as a customer" }).getByRole("button", { name: "Back to the console" }).click();
    await expect(page).toHaveURL(new RegExp(`${customerPage}$`));
    await expect(page.getByRole("region", { name: "Signed in as a customer" })).toHaveCount(0);
    const activity = page.getByRole("table", { name: "Operator activity" });
    await expect(activity.getByRole("row", { name: new RegExp(reason) })).toContainText("Signed in as customer");
    await expect(activity.getByRole("row", { name: /Customer sign-in ended/ }).first()).toContainText(creds.admin.email);
  });
});

import { expect, signOut, snap, submitLogin, test } from "../fixtures";

// The demo customer applies to the reseller programme (every field refusal at once first); the
// operator finds the application under Needs attention, reads it on the reseller's page and closes
// it (approving would make the demo customer a reseller and move their home for later specs); the
// customer then sees where it stands.
test.describe("reseller programme: applying", () => {
  test("apply, the operator reads and decides, the customer sees the outcome", async ({ page, creds }, testInfo) => {
    const message = `We host web shops for small retailers ${Date.now().toString(36)}.`;
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Reseller programme" }).click();
    const form = page.getByRole("form", { name: "Reseller application" });
    await form.getByLabel("Website (optional)").fill("shop");
    await form.getByLabel("About your business").fill("Hi");
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(form.getByText("Enter the address of your website, starting with https://.")).toBeVisible();
    await expect(form.getByText("Choose how many services you expect to sell.")).toBeVisible();
    await expect(form.getByText(/20 characters at least/)).toBeVisible();
    await snap(page, testInfo, "reseller-application-errors");

    await form.getByLabel("Website (optional)").fill("https://shops.example");
    await form.getByLabel("Services you expect to sell each month").selectOption({ label: "11 to 50" });
    await form.getByLabel("About your business").fill(message);
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByText("Your application is waiting for approval")).toBeVisible();
    await signOut(page);

    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    const attention = page.getByRole("region", { name: "Reseller applications" });
    await attention.getByRole("link", { name: "Janssen Web Services" }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText("11 to 50")).toBeVisible();
    await snap(page, testInfo, "reseller-application-operator");
    await page.getByRole("button", { name: "Close profile" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Close profile" }).click();
    await expect(page.getByText("This profile is closed.")).toBeVisible();
    await signOut(page);

    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/reseller-programme");
    await expect(page.getByText("Your reseller profile is closed")).toBeVisible();
  });
});

import { expect, signOut, snap, submitLogin, test } from "../fixtures";

// The operator's list of paid plan changes the hypervisor could not carry out. The demo has none (its
// resizes succeed); settling one — try again, mark done, cancel with a refund — is covered by
// lib/services/changes/operator-upgrades.test.ts, since a held change needs a failing host.
test.describe("operator console: plan changes", () => {
  test("the page is in the console's navigation and says what it holds and that nothing waits", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Plan changes" }).click();
    await expect(page).toHaveURL(/\/admin\/upgrades$/);
    await expect(page.getByRole("heading", { name: "Plan changes", level: 1 })).toBeVisible();
    await expect(page.getByText("Nothing is waiting")).toBeVisible();
    await expect(page.getByText("0 changes, oldest first.")).toBeVisible();
    await snap(page, testInfo, "admin-upgrades-empty");
    await signOut(page);
  });
});

import { expect, signOut, snap, submitLogin, test } from "../fixtures";

// The operator finds the demo customer by a server's address, adds credit for a reason (a removal
// beyond the balance is refused first), sees the new balance, the ledger row and the audit entry;
// the customer then sees the amount and the reason on their credit page.
test.describe("operator console: customer credit", () => {
  test("add credit with a reason; the customer sees it on Billing → Credit", async ({ page, creds }, testInfo) => {
    // Unique per run, so the rows of an earlier run on the same server are not mistaken for ours.
    const reason = `Goodwill for the network outage ${Date.now().toString(36)}`;

    // The demo VPS's address, as the customer sees it on its Networking tab.
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}/);
    await page.goto(`${new URL(page.url()).pathname}?tab=networking`);
    const address = (await page.getByTestId("service-networking").getByText(/^\d+\.\d+\.\d+\.\d+$/).first().textContent())!.trim();
    await signOut(page);

    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Customers" }).click();
    const search = page.getByRole("search", { name: "Search customers" });
    await search.getByRole("searchbox").fill(address);
    await search.getByRole("searchbox").press("Enter");
    await expect(page.getByText(`1 account matches “${address}”.`)).toBeVisible();
    await page.getByRole("link", { name: /Janssen Web Services/ }).first().click();
    await expect(page.getByRole("heading", { name: "Janssen Web Services B.V.", level: 1 })).toBeVisible();
    const customerPage = new URL(page.url()).pathname;

    const form = page.getByRole("form", { name: "Adjust credit" });

    // Removing more than the balance is refused under the amount, and what was typed stays.
    await form.getByLabel("Remove credit").check();
    await form.getByLabel("Amount (EUR)").fill("999999");
    await form.getByLabel("Reason").fill("Too much");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByText(/The balance is €[\d,.]+: €999,999\.00 cannot be removed\. Nothing was changed\./)).toBeVisible();
    await expect(form.getByLabel("Amount (EUR)")).toHaveValue("999999");
    await expect(form.getByLabel("Amount (EUR)")).toBeFocused();

    // Add 12.34 for a reason: the new balance is said and shown, with the ledger row and the audit entry.
    await form.getByLabel("Add credit").check();
    await form.getByLabel("Amount (EUR)").fill("12.34");
    await form.getByLabel("Reason").fill(reason);
    await form.getByRole("button", { name: "Apply" }).click();
    const done = form.getByText(/^Added €12\.34\. New balance: €[\d,.]+\.$/);
    await expect(done).toBeVisible();
    const balance = /New balance: (€[\d,.]+)\./.exec((await done.textContent()) ?? "")![1]!;
    await expect(page.getByText(`Balance ${balance}: the owner's credit.`, { exact: false })).toBeVisible();

    const ledgerRow = page.getByRole("table", { name: "Credit movements" }).getByRole("row", { name: new RegExp(reason) });
    await expect(ledgerRow).toContainText("Adjustment");
    await expect(ledgerRow).toContainText("€12.34");
    await expect(ledgerRow).toContainText(balance);

    const auditRow = page.getByRole("table", { name: "Operator activity" }).getByRole("row", { name: new RegExp(reason) });
    await expect(auditRow).toContainText("Credit adjusted");
    await expect(auditRow).toContainText(creds.admin.email);
    await expect(auditRow).toContainText(`Added €12.34 (balance ${balance}): ${reason}`);
    await snap(page, testInfo, "admin-customer-credit-added");

    // The customer sees the amount and the reason on Billing → Credit.
    await signOut(page);
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("navigation", { name: "Customer panel" }).getByRole("link", { name: "Credit" }).click();
    await expect(page).toHaveURL(/\/billing\/credit$/);
    const row = page.getByRole("row", { name: new RegExp(reason) });
    await expect(row).toContainText("Adjustment");
    await expect(row).toContainText("+€12.34");
    await expect(row).toContainText(balance);
    await snap(page, testInfo, "customer-credit-adjustment");

    // Put the demo balance back for the specs that follow (they read the seeded €250.00).
    await signOut(page);
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(customerPage);
    await form.getByLabel("Remove credit").check();
    await form.getByLabel("Amount (EUR)").fill("12.34");
    await form.getByLabel("Reason").fill(`Undo: ${reason}`);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByText(/^Removed €12\.34\. New balance: €[\d,.]+\.$/)).toBeVisible();
  });
});

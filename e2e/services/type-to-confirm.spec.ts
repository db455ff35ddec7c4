import { expect, openServiceTab, placeVpsSOrder, signOut, snap, submitLogin, test } from "../fixtures";

// Destructive actions ask in proportion (components/ui/type-to-confirm-dialog.tsx, components/ui/dialog.tsx):
// terminating at once and reinstalling want the server's name typed exactly, a cancellation at the end
// of the period says its date and can be undone, and the operator console asks in a styled dialog.
// The VPS is an extra one, ordered here and terminated; the demo data is left as it was.

test.describe("destructive actions ask in proportion", () => {
  test("a VPS: reinstall and terminate stay disabled until its name is typed; a scheduled cancellation is undone; terminated with the name", async ({ page, creds }, testInfo) => {
    test.setTimeout(300_000);
    const hostname = `confirm-${Date.now().toString(36)}.example.com`;

    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await placeVpsSOrder(page, hostname);
    await page.getByRole("form", { name: "Pay from credit" }).getByRole("button", { name: /^Pay €[\d.,]+ from credit$/ }).click();
    await expect(page.getByText("The invoice is paid")).toBeVisible();
    await page.goto("/services");
    await page.getByRole("link", { name: hostname }).click();
    await expect(page.getByText("The server is running.")).toBeVisible({ timeout: 120_000 });

    // Reinstall: the erase is confirmed by the name; Escape leaves without erasing.
    await openServiceTab(page, "settings");
    await page.getByLabel("New root password").first().fill("correct-horse-battery");
    await page.getByRole("button", { name: "Reinstall…" }).click();
    const reinstall = page.getByRole("dialog", { name: /^Reinstall with / });
    const erase = reinstall.getByRole("button", { name: "Erase and reinstall" });
    await expect(reinstall.getByLabel(`Type ${hostname} to confirm`)).toBeFocused();
    await expect(erase).toBeDisabled();
    await reinstall.getByLabel(`Type ${hostname} to confirm`).fill(hostname.replace(".example.com", ""));
    await expect(erase).toBeDisabled();
    await snap(page, testInfo, "reinstall-wrong-name");
    await page.keyboard.press("Escape");
    await expect(reinstall).toBeHidden();
    await expect(page.getByText(/^Reinstalling/)).toHaveCount(0);

    // At the end of the period: the confirmation says when, the page says it is scheduled, and it is undone.
    await openServiceTab(page, "destroy");
    await page.getByRole("button", { name: "Cancel service…" }).click();
    const schedule = page.getByRole("dialog", { name: "Cancel at the end of the billing period?" });
    await expect(schedule).toContainText(/keeps running until \d+ \w+ \d{4} and is terminated that day/);
    await snap(page, testInfo, "cancel-at-period-end");
    await schedule.getByRole("button", { name: "Schedule cancellation" }).click();
    await expect(page.getByText(/^Cancellation scheduled for \d+ \w+ \d{4}$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel service…" })).toHaveCount(0);
    await snap(page, testInfo, "cancellation-scheduled");
    await page.getByRole("button", { name: "Undo cancellation" }).click();
    await expect(page.getByText("Cancellation withdrawn: the service stays")).toBeVisible();
    await expect(page.getByText(/^Cancellation scheduled for/)).toHaveCount(0);

    // Immediately: disabled until the exact name is typed; Enter does nothing before, terminates after.
    await page.getByRole("radio", { name: /^Immediately/ }).check();
    await page.getByRole("button", { name: "Cancel service…" }).click();
    const terminate = page.getByRole("dialog", { name: "Terminate the server now?" });
    const field = terminate.getByLabel(`Type ${hostname} to confirm`);
    const button = terminate.getByRole("button", { name: "Terminate now" });
    await expect(field).toBeFocused();
    await expect(button).toBeDisabled();
    await field.fill(hostname.toUpperCase());
    await expect(button).toBeDisabled();
    await field.press("Enter");
    await expect(terminate).toBeVisible();
    // Still active: the cancellation card is offered for an active service only.
    await expect(page.getByRole("heading", { name: "Cancel service" })).toBeAttached();
    await snap(page, testInfo, "terminate-wrong-name");
    await field.fill(`  ${hostname} `);
    await expect(button).toBeEnabled();
    await snap(page, testInfo, "terminate-right-name");
    await field.press("Enter");
    await expect(terminate).toBeHidden();
    // A terminated service has no Destroy tab: the page falls back to its overview.
    await expect(page.getByRole("definition").filter({ hasText: "Terminated" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Restart" })).toHaveCount(0);
    const services = (await (await page.request.get(`/v1/services?search=${hostname}`, { headers: { authorization: `Bearer ${creds.customer.apiKey}` } })).json()) as {
      data: { services: { hostname: string; status: string }[] };
    };
    expect(services.data.services.find((s) => s.hostname === hostname)?.status).toBe("terminated");
    await signOut(page);
  });

  test("operator console: removing a product's location asks in a dialog, and Cancel leaves the row", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Products" }).click();
    await page.getByRole("link", { name: "VPS S", exact: true }).click();
    const locations = page.getByRole("table", { name: "Product locations" });
    const row = locations.getByRole("row").filter({ hasText: "Amsterdam" });
    await expect(row).toHaveCount(1);

    await row.getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog", { name: /^Stop selling VPS S in Amsterdam/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("New orders can no longer choose this location");
    await snap(page, testInfo, "remove-location-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Location removed.")).toHaveCount(0);

    // Escape leaves it too; the row is still there after a reload (nothing was submitted).
    await row.getByRole("button", { name: "Remove" }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(locations.getByRole("row").filter({ hasText: "Amsterdam" })).toHaveCount(1);
    await signOut(page);
  });
});

import type { Page } from "@playwright/test";
import { expect, openServiceTab, signOut, snap, submitLogin, test } from "../fixtures";

// The service page's tabs on the demo VPS and the demo dedicated server: links with `?tab=<slug>`,
// only the selected tab rendered, Destroy last and holding the cancellation, and on a phone the strip
// scrolls inside its own box. Nothing is changed: the cancellation dialogs are dismissed.

const strip = (page: Page) => page.getByRole("navigation", { name: "Service sections" });
const current = (page: Page) => strip(page).locator('[aria-current="page"]');

async function openDemo(page: Page, hostname: string) {
  await page.goto("/services");
  await page.getByRole("link", { name: hostname }).click();
  await expect(page.getByRole("heading", { name: hostname, level: 1 })).toBeVisible();
}

test.describe("customer panel: a service page's tabs", () => {
  test("the demo VPS: Overview by default, every tab by clicking and by ?tab=, Destroy holds the cancellation", async ({ page, creds }, testInfo) => {
    test.setTimeout(180_000);
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await openDemo(page, "demo-web-1.example.com");
    const servicePath = new URL(page.url()).pathname;

    // Overview: the summary, the machine's state; the other tabs' cards are not rendered.
    await expect(current(page)).toHaveText("Overview");
    await expect(strip(page).getByRole("link")).toHaveText(["Overview", "Console", "Usage", "Power", "Backups and snapshots", "Networking", "Settings", "Billing", "Activity", "Destroy"]);
    for (const label of ["Status", "Plan", "Location", "Primary address", "Next due date"]) await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Active" }).first()).toBeVisible();
    await expect(page.getByText("The server is running.")).toBeVisible();
    await expect(page.getByTestId("usage-card")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Snapshots" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel service…" })).toHaveCount(0);
    await snap(page, testInfo, "tabs-overview-1280");

    // Switching by clicking: the address says the tab, the strip marks it, its cards are there.
    const tabs: [string, string, () => Promise<void>][] = [
      ["Console", "console", () => expect(page.getByRole("region", { name: "Console" }).getByRole("button", { name: "Open console" })).toBeVisible()],
      ["Usage", "usage", () => expect(page.getByTestId("usage-card").getByText("Traffic (bits per second)")).toBeVisible()],
      ["Power", "power", () => expect(page.getByRole("button", { name: "Restart" })).toBeVisible()],
      [
        "Backups and snapshots",
        "backups",
        async () => {
          await expect(page.getByRole("heading", { name: "Snapshots" })).toBeVisible();
          await expect(page.getByRole("heading", { name: "Custom images" })).toBeVisible();
        },
      ],
      ["Networking", "networking", () => expect(page.getByTestId("service-networking").getByText(/^\d+\.\d+\.\d+\.\d+$/).first()).toBeVisible()],
      [
        "Settings",
        "settings",
        async () => {
          await expect(page.getByRole("button", { name: "Reinstall…" })).toBeVisible();
          await expect(page.getByRole("heading", { name: "Root password" })).toBeVisible();
        },
      ],
      [
        "Billing",
        "billing",
        async () => {
          await expect(page.getByRole("heading", { name: "Billing", exact: true })).toBeVisible();
          await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
          await expect(page.getByRole("table", { name: "Upgrade options" })).toBeVisible();
        },
      ],
      ["Activity", "activity", () => expect(page.getByTestId("activity-card")).toBeVisible()],
      ["Destroy", "destroy", () => expect(page.getByRole("button", { name: "Cancel service…" })).toBeVisible()],
    ];
    for (const [label, slug, shows] of tabs) {
      await strip(page).getByRole("link", { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`\\?tab=${slug}$`));
      await expect(current(page)).toHaveText(label);
      await shows();
    }
    // Only the selected tab is rendered: on Destroy, no power buttons or snapshots.
    await expect(page.getByRole("button", { name: "Restart" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Snapshots" })).toHaveCount(0);

    // Destroy holds the cancellation: at the end of the period (dismissed), or at once with the name typed (dismissed).
    await expect(page.getByText("Danger zone")).toBeVisible();
    await page.getByRole("button", { name: "Cancel service…" }).click();
    const schedule = page.getByRole("dialog", { name: "Cancel at the end of the billing period?" });
    await expect(schedule).toBeVisible();
    await schedule.getByRole("button", { name: "Keep it" }).click();
    await expect(schedule).toBeHidden();
    await page.getByRole("radio", { name: /^Immediately/ }).check();
    await page.getByRole("button", { name: "Cancel service…" }).click();
    const terminate = page.getByRole("dialog", { name: "Terminate the server now?" });
    await expect(terminate.getByRole("button", { name: "Terminate now" })).toBeDisabled();
    await snap(page, testInfo, "tabs-destroy-dialog-1280");
    await page.keyboard.press("Escape");
    await expect(terminate).toBeHidden();
    await snap(page, testInfo, "tabs-destroy-1280");

    // By address: a tab, an unknown tab (Overview), the same tab twice.
    await page.goto(`${servicePath}?tab=usage`);
    await expect(current(page)).toHaveText("Usage");
    await expect(page.getByTestId("usage-card")).toBeVisible();
    await page.goto(`${servicePath}?tab=no-such-tab`);
    await expect(current(page)).toHaveText("Overview");
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await page.goto(`${servicePath}?tab=files`);
    await expect(current(page)).toHaveText("Overview");

    // With a keyboard: the tabs are links in the Tab order, Enter follows one.
    await strip(page).getByRole("link", { name: "Overview" }).focus();
    await page.keyboard.press("Tab");
    await expect(strip(page).getByRole("link", { name: "Console" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?tab=console$/);
    await expect(current(page)).toHaveText("Console");

    // "How to sign in": the demo VPS has no order on record and the account no SSH key, so its
    // overview links to the root password form on the Settings tab.
    await openServiceTab(page, "overview");
    const note = page.getByRole("status").filter({ hasText: "How to sign in" });
    await expect(note).toBeVisible();
    await note.getByRole("link", { name: "Settings → Root password" }).click();
    await expect(page).toHaveURL(/\?tab=settings#root-password$/);
    await expect(page.getByLabel("New root password").last()).toBeVisible();
    await signOut(page);
  });

  test("the demo dedicated server: its own tabs, reverse DNS under Networking", async ({ page, creds }) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await openDemo(page, "demo-metal-1.example.com");
    await expect(strip(page).getByRole("link")).toHaveText(["Overview", "Console", "Usage", "Power", "Networking", "Settings", "Billing", "Activity", "Destroy"]);
    await openServiceTab(page, "networking");
    await expect(page.getByTestId("service-networking")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Reverse DNS of \d+\.\d+\.\d+\.\d+$/ }).first()).toBeVisible();
    await openServiceTab(page, "settings");
    await expect(page.getByRole("button", { name: "Boot rescue system…" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add key for this server" })).toBeVisible();
    await openServiceTab(page, "destroy");
    await expect(page.getByRole("button", { name: "Cancel service…" })).toBeVisible();
    await signOut(page);
  });

  test.describe("on a 390-pixel phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the tab strip scrolls inside its own box, the page never sideways", async ({ page, creds }, testInfo) => {
      await submitLogin(page, creds.customer);
      await expect(page).toHaveURL(/\/$/);
      await openDemo(page, "demo-web-1.example.com");
      const servicePath = new URL(page.url()).pathname;
      for (const tab of ["overview", "destroy", "power", "billing"]) {
        await page.goto(tab === "overview" ? servicePath : `${servicePath}?tab=${tab}`);
        await expect(current(page)).toBeVisible();
        // The selected tab is scrolled into the strip's view.
        await expect(current(page)).toBeInViewport();
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          window: window.innerWidth,
          strip: document.querySelector('nav[aria-label="Service sections"] ul')!.scrollWidth,
          box: document.querySelector('nav[aria-label="Service sections"] ul')!.clientWidth,
        }));
        expect(widths.page, `${tab}: the page is no wider than the phone`).toBeLessThanOrEqual(widths.window);
        expect(widths.strip, "the strip is wider than its box: it scrolls").toBeGreaterThan(widths.box);
        if (tab === "overview" || tab === "destroy") await snap(page, testInfo, `tabs-${tab}-390`);
      }
      await signOut(page);
    });
  });
});

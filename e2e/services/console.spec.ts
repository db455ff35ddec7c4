import { expect, openServiceTab, snap, submitLogin, test } from "../fixtures";
import { screenText } from "../console-screen";
import { orderAndOpen } from "./reseller-order";

// The consoles in Chromium, read from the canvas pixels: the customer logs in on the demo VPS's screen
// and runs a command; a reseller does the same on a VPS it ordered, then opens a view-only cast link in
// a browser with no session, sees the same screen, and its keystrokes change nothing.

test.describe("consoles", () => {
  test("the customer logs in on the demo VPS's console and sees a command's answer drawn", async ({ page, creds }, testInfo) => {
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/services");
    await page.getByRole("link", { name: "demo-web-1.example.com" }).click();
    await openServiceTab(page, "console");
    const card = page.getByRole("region", { name: "Console" });
    await card.getByRole("button", { name: "Open console" }).click();
    const canvas = card.getByLabel(/^Console screen/);
    await expect.poll(() => screenText(canvas), { timeout: 30_000 }).toContain("demo-web-1.example.com login:");
    await expect(card.getByRole("status")).toContainText("Connected");

    await canvas.click();
    await page.keyboard.type("root\n");
    await expect.poll(() => screenText(canvas)).toContain("Password:");
    await page.keyboard.type("any-password\n");
    await expect.poll(() => screenText(canvas)).toMatch(/root@demo-web-1:~#$/m);
    await page.keyboard.type("hostname\n");
    await expect.poll(() => screenText(canvas)).toMatch(/# hostname\ndemo-web-1\.example\.com\n/);
    await snap(page, testInfo, "customer-vps-console");
    await page.keyboard.type("logout\n");

    // The serial line, in xterm over the same relay: the same machine answers in text.
    await card.getByRole("tab", { name: "Serial console" }).click();
    const serial = card.locator("[data-console-screen=serial]");
    await expect(serial).toContainText("demo-web-1.example.com login:", { timeout: 30_000 });
    await serial.click();
    await page.keyboard.type("root\nany-password\n");
    await page.keyboard.type("ip addr\n");
    await expect(serial).toContainText(/inet \d+\.\d+\.\d+\.\d+\/\d+/);
    await page.keyboard.type("logout\n");
    await card.getByRole("button", { name: "Close console" }).click();
  });

  test("a reseller's view-only cast link shows the same screen and ignores the viewer's keys", async ({ page, browser, creds, request }, testInfo) => {
    test.setTimeout(240_000);
    const { hostname } = await orderAndOpen(page, request, creds.reseller, "vps", "cast");
    await expect(page.getByText("Active", { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText("The server is running.")).toBeVisible();
    const short = hostname.split(".")[0]!;

    const card = page.getByRole("region", { name: "Console", exact: true });
    await card.getByRole("button", { name: "Open console" }).click();
    const canvas = card.getByLabel(/^Console screen/);
    await expect.poll(() => screenText(canvas), { timeout: 30_000 }).toContain(`${hostname} login:`);
    await canvas.click();
    await page.keyboard.type("root\nany-password\n");
    await expect.poll(() => screenText(canvas)).toMatch(new RegExp(`root@${short}:~#$`, "m"));
    await page.keyboard.type("hostname\n");
    await expect.poll(() => screenText(canvas)).toContain(`# hostname\n${hostname}\n`);

    const links = page.getByRole("region", { name: "Console links" });
    await links.getByLabel("Label").fill("Support call");
    await links.getByLabel("View only").check();
    await links.getByRole("button", { name: "Create link" }).click();
    const url = (await links.getByTestId("console-link-url").textContent())!.trim();
    expect(url).toMatch(/\/cast\/[A-Za-z0-9_-]{20,}$/);
    await snap(page, testInfo, "reseller-console-link-created");

    // Whoever holds the link: a browser with no session.
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    const response = await viewer.goto(url);
    expect(response!.headers()["x-robots-tag"]).toBe("noindex");
    expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(viewer.getByRole("heading", { name: "Support call", level: 1 })).toBeVisible();
    await expect(viewer.getByRole("banner").getByText("View only")).toBeVisible();
    const castCanvas = viewer.getByLabel(/^Console screen/);
    await expect.poll(() => screenText(castCanvas), { timeout: 30_000 }).toContain(`# hostname\n${hostname}\n`);
    const before = await screenText(canvas);
    await castCanvas.click();
    await viewer.keyboard.type("whoami\n");
    // The relay drops the viewer's keys: nothing reaches the shell, on either screen.
    await viewer.waitForTimeout(1500);
    expect(await screenText(castCanvas)).toBe(before);
    expect(await screenText(canvas)).toBe(before);
    await snap(viewer, testInfo, "cast-view-only");

    // Keys typed by the reseller show on the cast too: one screen, many viewers.
    await canvas.click();
    await page.keyboard.type("uptime\n");
    await expect.poll(() => screenText(castCanvas)).toContain("# uptime\n");
    await viewerContext.close();
  });
});

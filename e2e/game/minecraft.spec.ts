import { expect, openServiceTab, snap, submitLogin, test } from "../fixtures";

// A Minecraft server from order to a restart with an edited server.properties, in the panel: ordered
// and paid from credit, installed and started on the embedded game node (a real flying-squid process
// on a real port), its console live in xterm, a command answered, server.properties edited in the file
// manager, restarted, the new setting in effect (the launcher prints what it uses at each start).
test.describe("customer panel: a Minecraft server", () => {
  test("order, watch it install and start, send a command, edit server.properties, restart", async ({ page, creds }, testInfo) => {
    // The first start installs the runtime when the node has no cached copy (about 560 MB from npm).
    test.setTimeout(600_000);
    const hostname = `mc-${Date.now().toString(36)}.example.com`;

    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/order");
    await page.getByTestId("product-game-minecraft-8gb").getByRole("link", { name: "Configure Minecraft Java 8 GB" }).click();
    const form = page.getByRole("form", { name: "Configure Minecraft Java 8 GB" });
    await form.getByRole("radio", { name: /^Monthly/ }).check();
    await form.getByRole("radio", { name: /Frankfurt/ }).check();
    await form.getByLabel("Hostname").fill(hostname);
    await form.getByRole("button", { name: "Review order" }).click();
    await page.getByTestId("order-review").getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/billing\/invoices\/[0-9a-f-]{36}\?ordered=/);
    await page.getByRole("form", { name: "Pay from credit" }).getByRole("button", { name: /^Pay €[\d.,]+ from credit$/ }).click();
    await expect(page.getByText("The invoice is paid")).toBeVisible();

    await page.goto("/services");
    await page.getByRole("link", { name: hostname }).click();
    await expect(page.getByRole("heading", { name: hostname, level: 1 })).toBeVisible();
    await snap(page, testInfo, "minecraft-setting-up");

    // Once the server is placed the page (refreshing itself) has its tabs; the console shows the
    // install, then the server's own ready line.
    const tabs = page.getByRole("navigation", { name: "Service sections" });
    await tabs.getByRole("link", { name: "Console" }).click({ timeout: 120_000 });
    await expect(page).toHaveURL(/\?tab=console$/);
    const screen = page.getByTestId("game-console-screen");
    await expect(screen).toContainText(/Server listening on port \d+/, { timeout: 420_000 });

    // A command typed in the panel reaches the server and its answer comes back.
    const command = page.getByLabel("Console command");
    await command.fill("say hello from the panel");
    await command.press("Enter");
    await expect(screen).toContainText("[Server] hello from the panel");
    // History: ↑ brings the last command back.
    await command.press("ArrowUp");
    await expect(command).toHaveValue("say hello from the panel");
    await command.fill("");

    // Live usage arrives over the console socket.
    await expect(page.getByTestId("game-usage")).toBeVisible({ timeout: 30_000 });

    await openServiceTab(page, "power");
    await expect(page.getByTestId("game-state")).toHaveText("Running", { timeout: 60_000 });
    const address = (await page.getByTestId("game-address").textContent()) ?? "";
    expect(address).toMatch(/:\d+$/);
    await snap(page, testInfo, "minecraft-running");

    // server.properties in the file manager: open it, change the MOTD, save with Ctrl+S.
    await openServiceTab(page, "files");
    const files = page.getByTestId("file-list");
    await files.getByRole("button", { name: "server.properties", exact: true }).click();
    const editor = page.locator(".cm-content");
    await expect(editor).toContainText("motd=");
    const original = await editor.evaluate((el) => (el as HTMLElement).innerText);
    const edited = original.replace(/^motd=.*$/m, "motd=Edited in the panel");
    expect(edited).not.toBe(original);
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText(edited);
    await expect(page.getByTestId("unsaved")).toBeVisible();
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByTestId("unsaved")).toBeHidden();
    await snap(page, testInfo, "minecraft-edited");

    // Restart: the server goes down and comes back, and says it uses the edited MOTD.
    await openServiceTab(page, "power");
    await page.getByRole("group", { name: "Power" }).getByRole("button", { name: "Restart" }).click();
    await expect(page.getByTestId("game-state")).not.toHaveText("Running", { timeout: 30_000 });
    await expect(page.getByTestId("game-state")).toHaveText("Running", { timeout: 180_000 });
    await openServiceTab(page, "console");
    await expect(screen).toContainText('motd "Edited in the panel"', { timeout: 60_000 });
    await snap(page, testInfo, "minecraft-restarted");
  });
});

import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, placeVpsSOrder, signOut, submitLogin, test } from "../fixtures";

// The operator moves a customer's VPS to another hypervisor in the same location from the service
// page's "Move to another node" card (lib/admin/services/move-service-to-node.ts). The VPS is an
// extra one, ordered here, paid by bank transfer (not from the demo credit, which the billing specs
// count on) and terminated at the end, so the demo VPS stays where it is. The target is a simulated
// node this spec adds in Amsterdam with room for exactly one VPS S (2 vCPU, 4 GB, 80 GB): it is the
// smallest node there, so no other spec's order is placed on it, and after the move it is full.

const VPS_S = { vcpus: "2", memoryMb: "4096", diskGb: "80" };

/** The "Move to another node" card: the innermost section that holds its heading. */
function moveCard(page: Page): Locator {
  return page.locator("section").filter({ has: page.getByRole("heading", { name: "Move to another node", level: 2 }) }).last();
}

/** The Machine card's node, as the service page shows it now. */
function machineNode(page: Page): Locator {
  return page.locator("dl").getByRole("definition").filter({ has: page.locator('a[href^="/admin/nodes/"]') }).getByRole("link");
}

test.describe("operator console: move a VPS to another node", () => {
  test("add a node in the location, move the machine to it, follow the job, see it on the new node", async ({ page, creds }, testInfo) => {
    // The build takes about half a minute and the simulated move (disk copy) about 35 seconds.
    test.setTimeout(300_000);
    const suffix = `${Date.now().toString(36)}-${randomBytes(2).toString("hex")}`;
    const hostname = `move-${suffix}.example.com`;
    const nodeName = `ams1-e2e-move-${suffix}`;

    // A VPS of the demo customer, ordered in the panel and paid by bank transfer in the console: the
    // demo customer's credit stays what the billing specs expect of it.
    await submitLogin(page, creds.customer);
    await expect(page).toHaveURL(/\/$/);
    const orderNumber = await placeVpsSOrder(page, hostname);
    await signOut(page);

    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/orders?q=${encodeURIComponent(orderNumber)}`);
    await page.getByRole("table", { name: "Orders" }).getByRole("link", { name: orderNumber }).click();
    await expect(page.getByRole("heading", { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
    const orderUrl = page.url();
    await page.getByRole("table", { name: "Documents" }).getByRole("link").first().click();
    await page.getByRole("button", { name: "Mark paid" }).click();
    const transfer = page.getByRole("dialog", { name: "Record a bank transfer?" });
    await transfer.getByLabel("Bank reference").fill(`E2E-MOVE-${suffix}`);
    await transfer.getByRole("button", { name: "Mark paid" }).click();
    await expect(page.getByText(/^Paid: €[\d.,]+ by bank transfer\./)).toBeVisible();
    await page.goto(orderUrl);
    await page.getByRole("table", { name: "Services" }).getByRole("link", { name: hostname }).click();
    await expect(page).toHaveURL(/\/admin\/services\/[0-9a-f-]{36}$/);
    const serviceUrl = new URL(page.url()).pathname;

    // The operator adds a second simulated hypervisor in Amsterdam through the Nodes pages.
    // (While the VPS is being built: placement spreads by free memory, so it never picks this small node.)
    await page.goto("/admin/nodes");
    await page.getByRole("link", { name: /^Add node/ }).first().click();
    await expect(page).toHaveURL(/\/admin\/nodes\/new$/);
    const form = page.getByRole("form", { name: "New node" });
    await form.getByLabel("Name").fill(nodeName);
    await form.getByLabel("Location").selectOption({ label: "Amsterdam (ams1)" });
    await form.getByLabel("Kind").selectOption("vps");
    await form.getByLabel("Driver").selectOption("simulated-hypervisor");
    await form.getByLabel("Sellable vCPU").fill(VPS_S.vcpus);
    await form.getByLabel("Memory (MB)").fill(VPS_S.memoryMb);
    await form.getByLabel("Disk (GB)").fill(VPS_S.diskGb);
    await expect(form.getByLabel("Enabled")).toBeChecked();
    await form.getByRole("button", { name: "Add node" }).click();
    await expect(page).toHaveURL(/\/admin\/nodes\?created=1$/);
    await expect(page.getByText("Node added.")).toBeVisible();
    const nodeLink = page.getByRole("table", { name: "Nodes" }).getByRole("link", { name: nodeName, exact: true });
    const nodeId = /\/admin\/nodes\/([0-9a-f-]{36})$/.exec((await nodeLink.getAttribute("href")) ?? "")![1];
    // Nothing on it yet.
    await page.goto(`/admin/services?node=${nodeId}`);
    await expect(page.getByRole("table", { name: "Services" })).toHaveCount(0);

    // The service's page once the VPS is built: the machine is on another Amsterdam hypervisor.
    await page.goto(serviceUrl);
    await expect(page.getByRole("heading", { name: hostname, level: 1 })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(moveCard(page).getByLabel("Target node")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 150_000 });
    await expect(page.getByRole("table", { name: "Jobs" }).getByRole("row", { name: /Done/ }).first()).toBeVisible();
    const source = (await machineNode(page).textContent())!.trim();
    expect(source).toMatch(/^ams1-/);
    expect(source).not.toBe(nodeName);

    const card = moveCard(page);
    await expect(card).toContainText(`The machine runs on ${source} in Amsterdam.`);
    const select = card.getByLabel("Target node");
    // The new node is offered with exactly what it has free: the machine's size.
    const option = select.getByRole("option", { name: `${nodeName} (free: 2 vCPU, 4 GB memory, 80 GB disk)` });
    await expect(option).toHaveCount(1);
    // Only nodes of this location are offered, never the machine's own.
    await expect(select.getByRole("option", { name: new RegExp(`^${source} `) })).toHaveCount(0);
    await expect(select.getByRole("option", { name: /^(fra1|hel1)-/ })).toHaveCount(0);
    await select.selectOption({ label: `${nodeName} (free: 2 vCPU, 4 GB memory, 80 GB disk)` });
    // Said under the field too, where a phone's select cuts the option short.
    await expect(card.getByText(`${nodeName} has 2 vCPU, 4 GB memory, 80 GB disk free.`)).toBeVisible();

    // The card at desktop and phone widths, for a look.
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath("move-card-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath("move-card-390.png") });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Move…: the confirmation names both nodes; Cancel sends nothing.
    await card.getByRole("button", { name: "Move…" }).click();
    let dialog = page.getByRole("dialog", { name: `Move this machine to ${nodeName}?` });
    await expect(dialog).toContainText(`The disk is copied from ${source} to ${nodeName}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Jobs" }).getByRole("row", { name: /Moved to another host/ })).toHaveCount(0);

    await card.getByRole("button", { name: "Move…" }).click();
    dialog = page.getByRole("dialog", { name: `Move this machine to ${nodeName}?` });
    await dialog.getByRole("button", { name: "Move machine" }).click();
    await expect(page.getByText(`Move to ${nodeName} started: its progress is under Jobs.`)).toBeVisible();

    // While it runs: the card says a move is under way and where to; Jobs shows its step and progress.
    await page.reload();
    const moveJob = page.getByRole("table", { name: "Jobs" }).getByRole("row", { name: /Moved to another host/ });
    await expect(moveJob).toHaveCount(1);
    await expect(moveJob).toContainText(/Waiting|Running/);
    await expect(moveCard(page)).toContainText("A move is under way");
    await expect(moveCard(page)).toContainText(`It is going to ${nodeName}; its progress is under Jobs.`);
    await expect(moveCard(page).getByLabel("Target node")).toHaveCount(0);
    await expect(machineNode(page)).toHaveText(source);
    await expect(async () => {
      await page.reload();
      await expect(moveJob).toContainText(/Running: (preparing|copying disk|switching over) \(\d+%\)|Done/, { timeout: 1_000 });
    }).toPass({ timeout: 90_000 });

    // Once done, the machine is on the new node, still running, with its addresses.
    await expect(async () => {
      await page.reload();
      await expect(moveJob).toContainText("Done", { timeout: 1_000 });
    }).toPass({ timeout: 120_000 });
    await expect(moveJob).not.toContainText("Failed");
    await expect(machineNode(page)).toHaveText(nodeName);
    await expect(page.getByRole("table", { name: "Addresses" }).getByText(/^192\.0\.2\.\d+$/).first()).toBeVisible();
    // The node it came from is now the one offered to move back to.
    await expect(moveCard(page)).toContainText(`The machine runs on ${nodeName} in Amsterdam.`);
    await expect(moveCard(page).getByLabel("Target node").getByRole("option", { name: new RegExp(`^${source} \\(free: `) })).toHaveCount(1);
    // The operator's request is in the service's activity.
    await expect(page.getByRole("table", { name: "Operator activity" }).getByRole("row", { name: /Move to another node/ }).first()).toContainText(
      `${hostname}: machine asked to move from ${source} to ${nodeName}.`,
    );

    // The services list filtered by the new node now lists it.
    await page.goto(`/admin/services?node=${nodeId}`);
    await expect(page.getByRole("table", { name: "Services" }).getByRole("link", { name: hostname })).toBeVisible();

    // Terminated with its name, so the demo customer is left with the services it had.
    await page.goto(serviceUrl);
    await page.getByRole("button", { name: "Terminate…" }).click();
    const terminate = page.getByRole("dialog", { name: "Terminate this service now?" });
    await terminate.getByLabel(`Type ${hostname} to confirm`).fill(hostname);
    await terminate.getByRole("button", { name: "Terminate now" }).click();
    await expect(page.getByText("Terminated: the machine is being removed.")).toBeVisible();
  });
});

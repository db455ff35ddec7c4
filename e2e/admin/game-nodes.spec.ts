import { randomBytes } from "node:crypto";
import { expect, snap, submitLogin, test } from "../fixtures";

test.describe("operator console: game nodes", () => {
  test("add a remote game node (the token is refused, then sealed and never shown), see it listed, check its connection, edit its range", async ({ page, creds }, testInfo) => {
    const suffix = randomBytes(2).toString("hex");
    const name = `e2e-game-${suffix}`;
    // A block of its own, so a second run on the same server does not overlap the first (one host).
    const first = 30_000 + (parseInt(suffix, 16) % 300) * 100;
    await submitLogin(page, creds.admin);
    await expect(page).toHaveURL(/\/admin$/);

    // The seeded embedded node is listed as a game node and has its own page.
    await page.goto("/admin/nodes");
    const nodes = page.getByRole("table", { name: "Nodes" });
    await expect(nodes.getByRole("row", { name: /fra1-game01/ })).toContainText("Game");
    await nodes.getByRole("link", { name: "fra1-game01", exact: true }).click();
    await expect(page.getByRole("heading", { name: "fra1-game01", level: 1 })).toBeVisible();
    await expect(page.getByText("Embedded (started by the portal)")).toBeVisible();
    await expect(page.getByText(/ports \(\d+–\d+\)/)).toBeVisible();
    await expect(page.getByRole("form", { name: "Game node settings" })).toBeVisible();
    await page.getByRole("button", { name: "Check connection" }).click();
    // Whether the embedded agent runs depends on how the server was started; either way the page answers.
    await expect(page.getByText(/Connected: agent|The agent could not be reached/)).toBeVisible();
    await snap(page, testInfo, "admin-game-node-embedded");

    await page.goto("/admin/nodes/new");
    await page.getByRole("navigation", { name: "Kind of node" }).getByRole("link", { name: "Game node" }).click();
    const form = page.getByRole("form", { name: "New game node" });
    await form.getByLabel("Name").fill(name);
    // Amsterdam, where no game product is sold: a node here (whose agent never answers) must not take
    // the Minecraft order of e2e/game, which placement would put on the node with the most free memory.
    await form.getByLabel("Location").selectOption({ label: "Amsterdam (ams1)" });
    await form.getByLabel("Agent", { exact: true }).selectOption("remote");
    await form.getByLabel("Agent URL").fill("http://127.0.0.1:9");
    await form.getByLabel("Node token").fill("too-short");
    await form.getByLabel("SFTP host").fill("game2.example.com");
    await form.getByLabel("First port").fill(String(first));
    await form.getByLabel("Last port").fill(String(first - 1));
    await form.getByRole("button", { name: "Add game node" }).click();
    await expect(form.getByText("The token is at least 32 characters, without spaces (the one in the agent's configuration).")).toBeVisible();
    await expect(form.getByText(`The range ends before it starts: enter a port from ${first} to 65535.`)).toBeVisible();
    // A refused form keeps what was typed, except the token.
    await expect(form.getByLabel("Agent URL")).toHaveValue("http://127.0.0.1:9");
    await expect(form.getByLabel("Node token")).toHaveValue("");
    await snap(page, testInfo, "admin-game-node-errors");

    const token = randomBytes(24).toString("hex");
    await form.getByLabel("Node token").fill(token);
    await form.getByLabel("Last port").fill(String(first + 99));
    await form.getByRole("button", { name: "Add game node" }).click();
    await expect(page).toHaveURL(/\/admin\/nodes\?created=game$/);
    await expect(page.getByText("Game node added.")).toBeVisible();
    const row = page.getByRole("table", { name: "Nodes" }).getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("0 game servers");
    await expect(row).toContainText(`ports ${first}–${first + 99}`);
    await snap(page, testInfo, "admin-nodes-with-game");

    await row.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Set", { exact: true })).toBeVisible();
    expect(await page.content()).not.toContain(token);
    await expect(page.getByText("No game servers yet")).toBeVisible();
    await page.getByRole("button", { name: "Check connection" }).click();
    await expect(page.getByText("The agent could not be reached")).toBeVisible();
    await expect(page.getByText(/did not answer GET \/api\/system/)).toBeVisible();
    await snap(page, testInfo, "admin-game-node");

    // Editing with the token left blank keeps it; the range can change while no port is in use.
    const settings = page.getByRole("form", { name: "Game node settings" });
    await expect(settings.getByLabel("Node token")).toHaveValue("");
    await settings.getByLabel("Last port").fill(String(first + 49));
    await settings.getByRole("button", { name: "Save node" }).click();
    await expect(settings.getByText("Game node saved.", { exact: false })).toBeVisible();
    await expect(page.getByText("Set", { exact: true })).toBeVisible();
    await expect(page.getByText(`ports (${first}–${first + 49})`)).toBeVisible();
  });
});

import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hashSftpPassword } from "../protocol/sftp-password";
import type { NodeSystemView } from "../protocol/node-api";
import { openConsole } from "./testing/console-client";
import { DEFINITION, NODE_TOKEN, OTHER_ID, SERVER_ID, installed, startAgent, status, stopAll, waitForStatus } from "./testing/agent-harness";

afterEach(stopAll);

async function errorOf(res: Response): Promise<{ code: string; message: string; field?: string; fileCode?: string }> {
  return ((await res.json()) as { error: { code: string; message: string; field?: string } }).error;
}

describe("node API: authentication", () => {
  it("refuses requests without the node token or with a wrong one", async () => {
    const node = await startAgent();
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${NODE_TOKEN}x`, NODE_TOKEN, `Basic ${NODE_TOKEN}`]) {
      const res = await fetch(`${node.base}/api/system`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
    // Before anything else: an unauthenticated PUT creates nothing.
    const put = await fetch(`${node.base}/api/servers/${SERVER_ID}`, { method: "PUT", body: JSON.stringify(DEFINITION) });
    expect(put.status).toBe(401);
    expect((await node.api("GET", `/api/servers/${SERVER_ID}`)).status).toBe(404);
  });

  it("answers the system view with the token", async () => {
    const node = await startAgent({ sftpPort: 2222 });
    const res = await node.api("GET", "/api/system");
    expect(res.status).toBe(200);
    const view = (await res.json()) as NodeSystemView;
    expect(view).toMatchObject({ servers: 0, sftpPort: 2222 });
    expect(view.templates.map((t) => t.id)).toEqual(["echo", "broken", "with-runtime"]);
  });

  it("answers 404 for ids that are not lowercase uuids and for unknown paths", async () => {
    const node = await startAgent();
    for (const id of ["nope", "..", "%2e%2e", SERVER_ID.toUpperCase(), `${SERVER_ID}x`]) {
      expect((await node.api("PUT", `/api/servers/${id}`, DEFINITION)).status).toBe(404);
    }
    expect((await node.api("GET", "/api/elsewhere")).status).toBe(404);
    expect((await node.api("GET", `/api/servers/${SERVER_ID}`)).status).toBe(404);
  });
});

describe("node API: servers", () => {
  it("creates a server, installs it in the background, and runs it through every power transition", async () => {
    const node = await startAgent();
    const put = await node.api("PUT", `/api/servers/${SERVER_ID}`, { ...DEFINITION, vars: { GREETING: "hi there" } });
    expect(put.status).toBe(200);
    const created = await put.json();
    expect(created).toMatchObject({ id: SERVER_ID, template: "echo", installState: "installing", state: "offline", vars: { GREETING: "hi there", MAX_PLAYERS: "10" } });

    const view = await waitForStatus(node, (v) => v.installState === "installed", "installed");
    expect(view.installError).toBeNull();
    // The template's install wrote into the server's folder, and the record is on disk.
    expect(await readFile(path.join(node.dataDir, "volumes", SERVER_ID, "server.properties"), "utf8")).toContain("greeting=hi there");
    const record = JSON.parse(await readFile(path.join(node.dataDir, "servers", `${SERVER_ID}.json`), "utf8"));
    expect(record).toMatchObject({ id: SERVER_ID, installState: "installed", wasRunning: false });
    expect((await stat(path.join(node.dataDir, "servers", `${SERVER_ID}.json`))).mode & 0o777).toBe(0o600);

    const power = (action: string) => node.api("POST", `/api/servers/${SERVER_ID}/power`, { action });
    const start = await power("start");
    expect(start.status).toBe(200);
    expect(await start.json()).toEqual({ from: "offline", to: "starting" });
    const running = await waitForStatus(node, (v) => v.state === "running", "running");
    expect(running.startedAt).not.toBeNull();

    const restart = await power("restart");
    expect(await restart.json()).toEqual({ from: "running", to: "stopping" });
    await waitForStatus(node, (v) => v.state === "running" && v.lastExit?.reason === "stopped", "running again after restart");

    const stop = await power("stop");
    expect(await stop.json()).toEqual({ from: "running", to: "stopping" });
    const stopped = await waitForStatus(node, (v) => v.state === "offline", "offline");
    // The stop command ("stop") made the process exit by itself.
    expect(stopped.lastExit).toMatchObject({ crashed: false, reason: "stopped", code: 0 });

    await power("start");
    await waitForStatus(node, (v) => v.state === "running", "running");
    expect(await (await power("kill")).json()).toEqual({ from: "running", to: "stopping" });
    expect((await waitForStatus(node, (v) => v.state === "offline", "killed")).lastExit).toMatchObject({ reason: "killed" });
  });

  it("answers 400 for an unknown verb and 409 with the table's sentence for a refused one", async () => {
    const node = await startAgent();
    await installed(node);
    const unknown = await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "explode" });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).code).toBe("power_action_unknown");

    const refused = await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "stop" });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: "power_refused", message: "The server is not running." });

    await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "start" });
    await waitForStatus(node, (v) => v.state === "running", "running");
    const again = await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "start" });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: "power_refused", message: "The server is already running." });
  });

  it("sends commands to a running server and refuses them to a stopped one", async () => {
    const node = await startAgent();
    await installed(node);
    const offline = await node.api("POST", `/api/servers/${SERVER_ID}/commands`, { command: "say hi" });
    expect(offline.status).toBe(409);
    expect((await errorOf(offline)).code).toBe("command_refused");

    await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "start" });
    await waitForStatus(node, (v) => v.state === "running", "running");
    const sent = await node.api("POST", `/api/servers/${SERVER_ID}/commands`, { command: "say hi" });
    expect(sent.status).toBe(204);
    const client = await openConsole(node);
    await client.waitForLine(/^echo: say hi$/);
    client.close();
    const empty = await node.api("POST", `/api/servers/${SERVER_ID}/commands`, { command: "" });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).field).toBe("command");
  });

  it("starts after install when asked, with the variables, port and runtime in the startup", async () => {
    const ensured: string[] = [];
    const node = await startAgent({
      ensureRuntime: async (template, log) => {
        log(`fetching ${template.runtime!.packageName}`);
        ensured.push(template.id);
        return "/opt/runtimes/fake-game@1.2.3";
      },
    });
    const put = await node.api("PUT", `/api/servers/${SERVER_ID}`, { ...DEFINITION, template: "with-runtime", port: 30_123, vars: { GREETING: "howdy" }, startAfterInstall: true });
    expect(put.status).toBe(200);
    await waitForStatus(node, (v) => v.state === "running", "running after install");
    expect(ensured).toEqual(["with-runtime"]);
    const client = await openConsole(node);
    await client.waitForLine(/^howdy on port 30123 runtime \/opt\/runtimes\/fake-game@1\.2\.3$/);
    // The install's own lines are in the scrollback, marked as the daemon's.
    expect(client.lines()).toEqual(expect.arrayContaining(["[Rackfront Daemon] Installing Echo (with-runtime)…", "[Rackfront Daemon] fetching fake-game", "[Rackfront Daemon] Install finished."]));
    client.close();
  });

  it("records a failed install with a sentence and refuses power until a PUT installs again", async () => {
    const node = await startAgent();
    const view = await installed(node, { template: "broken" });
    expect(view.installState).toBe("failed");
    expect(view.installError).toBe("The install failed: the download server answered 503.");
    const start = await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "start" });
    expect(start.status).toBe(409);
    expect((await errorOf(start)).code).toBe("not_installed");

    // A template that needs a runtime on a node that cannot install runtimes fails the same way.
    const other = await installed(node, { template: "with-runtime" }, OTHER_ID);
    expect(other.installError).toMatch(/^The install failed: The runtime fake-game@1\.2\.3 is not available/);

    // The portal fixes the definition: the failed install runs again.
    const fixed = await installed(node, { template: "echo" });
    expect(fixed.installState).toBe("installed");
  });

  it("validates the definition and the variables against the template", async () => {
    const node = await startAgent();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vars: { NOPE: "1" } }, "validation", "vars.NOPE"],
      [{ vars: { MAX_PLAYERS: "1000" } }, "validation", "vars.MAX_PLAYERS"],
      [{ vars: { GREETING: "Hello; rm -rf /" } }, "validation", "vars.GREETING"],
      [{ memoryMb: 1 }, "validation", "memoryMb"],
      [{ port: 70_000 }, "validation", "port"],
      [{ template: "unknown" }, "template_unknown", "template"],
    ];
    for (const [change, code, field] of cases) {
      const res = await node.api("PUT", `/api/servers/${SERVER_ID}`, { ...DEFINITION, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code, field });
    }
    expect((await node.api("PUT", `/api/servers/${SERVER_ID}`, "{not json")).status).toBe(400);
    expect((await node.api("GET", `/api/servers/${SERVER_ID}`)).status).toBe(404);
  });

  it("applies a changed definition on the next start, not to the running process", async () => {
    const node = await startAgent();
    await installed(node);
    await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "start" });
    await waitForStatus(node, (v) => v.state === "running", "running");
    const client = await openConsole(node);
    await client.waitForLine(/^hello on port 25565/);

    const put = await node.api("PUT", `/api/servers/${SERVER_ID}`, { ...DEFINITION, vars: { GREETING: "changed" }, port: 25_570 });
    expect(await put.json()).toMatchObject({ state: "running", vars: { GREETING: "changed" }, port: 25_570 });
    expect(client.lines().some((line) => line.startsWith("changed"))).toBe(false);
    await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "restart" });
    await client.waitForLine(/^changed on port 25570/);
    client.close();
  });

  it("stores SFTP credentials as the hash only, and one user name per node", async () => {
    const node = await startAgent();
    await installed(node);
    await installed(node, {}, OTHER_ID);
    const passwordHash = await hashSftpPassword("correct horse battery");
    const put = await node.api("PUT", `/api/servers/${SERVER_ID}/sftp`, { username: "srv-one", passwordHash });
    expect(put.status).toBe(204);
    expect((await status(node)).sftpUsername).toBe("srv-one");
    const record = await readFile(path.join(node.dataDir, "servers", `${SERVER_ID}.json`), "utf8");
    expect(record).toContain(passwordHash);
    expect(record).not.toContain("correct horse");
    expect(await node.agent.authenticateSftp("srv-one", "correct horse battery")).toBe(SERVER_ID);
    expect(await node.agent.authenticateSftp("srv-one", "wrong")).toBeNull();
    expect(await node.agent.authenticateSftp("nobody", "correct horse battery")).toBeNull();
    expect(node.agent.serverRoot(SERVER_ID)).not.toBeNull();

    const taken = await node.api("PUT", `/api/servers/${OTHER_ID}/sftp`, { username: "srv-one", passwordHash });
    expect(taken.status).toBe(409);
    const bad = await node.api("PUT", `/api/servers/${SERVER_ID}/sftp`, { username: "../x", passwordHash });
    expect(bad.status).toBe(400);
  });

  it("deletes a running server: process gone, folder and record removed", async () => {
    const node = await startAgent();
    await installed(node);
    await node.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "start" });
    await waitForStatus(node, (v) => v.state === "running", "running");
    const res = await node.api("DELETE", `/api/servers/${SERVER_ID}`);
    expect(res.status).toBe(204);
    expect((await node.api("GET", `/api/servers/${SERVER_ID}`)).status).toBe(404);
    await expect(stat(path.join(node.dataDir, "volumes", SERVER_ID))).rejects.toThrow(/ENOENT/);
    await expect(stat(path.join(node.dataDir, "servers", `${SERVER_ID}.json`))).rejects.toThrow(/ENOENT/);
    expect((await node.api("DELETE", `/api/servers/${SERVER_ID}`)).status).toBe(404);
    expect(((await (await node.api("GET", "/api/system")).json()) as NodeSystemView).servers).toBe(0);
  });
});

describe("agent restart", () => {
  it("keeps definitions and starts again the servers that were running, not the others", async () => {
    const first = await startAgent();
    await installed(first, { vars: { GREETING: "persisted" } });
    await installed(first, {}, OTHER_ID);
    await first.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "start" });
    await waitForStatus(first, (v) => v.state === "running", "running");
    // close() stops servers gracefully but remembers they were running.
    await first.agent.close();

    const second = await startAgent({ dataDir: first.dataDir });
    const view = await waitForStatus(second, (v) => v.state === "running", "running after the agent restarted");
    expect(view).toMatchObject({ installState: "installed", vars: { GREETING: "persisted", MAX_PLAYERS: "10" } });
    const other = await status(second, OTHER_ID);
    expect(other).toMatchObject({ installState: "installed", state: "offline" });

    // A server stopped on purpose stays stopped after the next restart.
    await second.api("POST", `/api/servers/${SERVER_ID}/power`, { action: "stop" });
    await waitForStatus(second, (v) => v.state === "offline", "offline");
    await second.agent.close();
    const third = await startAgent({ dataDir: first.dataDir });
    expect((await status(third)).state).toBe("offline");
    expect(((await (await third.api("GET", "/api/system")).json()) as NodeSystemView).servers).toBe(2);
  });
});

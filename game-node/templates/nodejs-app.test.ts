import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ServerRoot } from "../files/server-root";
import { GameProcess } from "../process/game-process";
import { MAIN_FILE_PATTERN, NODEJS_READY_PATTERN, STARTER_INDEX_JS, nodejsApp } from "./nodejs-app";
import type { StartupContext } from "./template-types";
import { checkVariableValue } from "./template-variables";
import { freePort, nextLine, waitForLine } from "./template-test-helpers";

const made: { dir: string; gp?: GameProcess }[] = [];

afterEach(async () => {
  for (const { dir, gp } of made.splice(0)) {
    await gp?.destroy();
    await rm(dir, { recursive: true, force: true });
  }
});

async function newServer(vars: Record<string, string> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "rackfront-tpl-node-"));
  const entry: { dir: string; gp?: GameProcess } = { dir };
  made.push(entry);
  const context: StartupContext = { serverDir: dir, runtimeDir: null, vars, port: await freePort(), memoryMb: 256 };
  const root = await ServerRoot.open(dir);
  return { dir, root, context, entry };
}

describe("Node.js app template", () => {
  it("runs the starter app: ready line, HTTP greeting, console echo, stop on SIGTERM", async () => {
    const { dir, root, context, entry } = await newServer();
    await nodejsApp.install(root, context);
    expect(await readFile(path.join(dir, "index.js"), "utf8")).toBe(STARTER_INDEX_JS);
    expect(JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"))).toMatchObject({ main: "index.js" });

    const gp = new GameProcess({ serverDir: dir, startup: nodejsApp.startup(context) });
    entry.gp = gp;
    expect(gp.start()).toMatchObject({ ok: true });
    await gp.waitFor("running");
    expect(await waitForLine(gp, NODEJS_READY_PATTERN)).toBe(`Listening on port ${context.port}`);

    const response = await fetch(`http://127.0.0.1:${context.port}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("Hello from Rackfront\n");

    const echoed = nextLine(gp, /^> /);
    expect(gp.sendCommand("hello there")).toEqual({ ok: true });
    expect(await echoed).toBe("> hello there");

    expect(gp.stop()).toMatchObject({ ok: true, to: "stopping" });
    await gp.waitFor("offline");
    expect(gp.status().lastExit).toMatchObject({ code: 0, signal: null, reason: "stopped", crashed: false });
    expect(gp.scrollback()).toContain("Shutting down");
  });

  it("gives the app its port and a V8 heap below the memory limit", async () => {
    const { dir, context, entry } = await newServer({ MAIN_FILE: "app/main.mjs" });
    await mkdir(path.join(dir, "app"));
    await writeFile(
      path.join(dir, "app/main.mjs"),
      `import v8 from "node:v8";
       console.log("env " + process.env.PORT + " " + process.env.SERVER_PORT + " " + process.env.NODE_ENV);
       console.log("heap " + Math.round(v8.getHeapStatistics().heap_size_limit / 1048576));
       console.log("listening on nothing, ready");
       setInterval(() => {}, 1000);`,
    );
    const gp = new GameProcess({ serverDir: dir, startup: nodejsApp.startup(context) });
    entry.gp = gp;
    gp.start();
    await gp.waitFor("running");
    expect(await waitForLine(gp, /^env /)).toBe(`env ${context.port} ${context.port} production`);
    const heapMb = Number((await waitForLine(gp, /^heap /)).split(" ")[1]);
    // 75% of 256 MB is 192; V8 adds its young generation on top of --max-old-space-size.
    expect(heapMb).toBeGreaterThanOrEqual(192);
    expect(heapMb).toBeLessThan(256);
  });

  it("never overwrites the user's files on install", async () => {
    const { dir, root, context } = await newServer();
    await writeFile(path.join(dir, "index.js"), "console.log('mine')");
    await nodejsApp.install(root, context);
    expect(await readFile(path.join(dir, "index.js"), "utf8")).toBe("console.log('mine')");
    // The missing one is still created.
    expect(JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")).name).toBe("rackfront-app");
  });

  it("passes the main file after `--`, so it can never be read as a node option", () => {
    const startup = nodejsApp.startup({ serverDir: "/x", runtimeDir: null, vars: { MAIN_FILE: "server.js" }, port: 3000, memoryMb: 512 });
    expect(startup.command).toBe(process.execPath);
    expect(startup.args).toEqual(["--max-old-space-size=384", "--", "server.js"]);
    expect(startup.stopCommand).toBeNull();
    expect(startup.memoryLimitMb).toBe(512);
  });

  it("falls back to index.js when the stored main file breaks the rule", () => {
    const startup = nodejsApp.startup({ serverDir: "/x", runtimeDir: null, vars: { MAIN_FILE: "../../etc/passwd.js" }, port: 3000, memoryMb: 512 });
    expect(startup.args.at(-1)).toBe("index.js");
  });

  it("MAIN_FILE accepts plain relative scripts and refuses traversal, absolute paths and option-like names", () => {
    const rule = { kind: "string" as const, pattern: MAIN_FILE_PATTERN, maxLength: 200 };
    for (const ok of ["index.js", "dist/server.mjs", "src/app.cjs", "my_app-2.js", "a/b/c/d.js"]) {
      expect(checkVariableValue(rule, ok), ok).toBeNull();
    }
    for (const bad of ["../index.js", "a/../../x.js", "/etc/x.js", "./index.js", ".hidden.js", "-e.js", "--eval=1.js", "a//b.js", "index.ts", "index.js\n", "a\\b.js", "", "x".repeat(198) + ".js"]) {
      expect(checkVariableValue(rule, bad), JSON.stringify(bad)).not.toBeNull();
    }
  });
});

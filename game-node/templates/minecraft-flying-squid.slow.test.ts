// Slow: the first run on a machine downloads flying-squid (about 560 MB with minecraft-data) into the
// node's shared runtime cache; later runs reuse it and take seconds. Runs in the normal unit run; to
// skip it, exclude "**/*.slow.test.ts".
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ServerRoot } from "../files/server-root";
import { GameProcess } from "../process/game-process";
import { defaultRuntimeCacheDir, ensureRuntime } from "./ensure-runtime";
import { FLYING_SQUID_READY_PATTERN, minecraftFlyingSquid } from "./minecraft-flying-squid";
import type { StartupContext } from "./template-types";
import { freePort, nextLine, waitForLine } from "./template-test-helpers";

type PingAnswer = { version: { name: string }; players: { max: number; online: number }; description: { text: string } | string };
type Ping = (options: { host: string; port: number; version?: string }) => Promise<PingAnswer>;

let runtimeDir: string;
let ping: Ping;
const made: { dir: string; gp?: GameProcess }[] = [];

beforeAll(async () => {
  runtimeDir = (await ensureRuntime(minecraftFlyingSquid, defaultRuntimeCacheDir(), (line) => console.log(`[runtime] ${line}`)))!;
  // minecraft-protocol comes with flying-squid: load the runtime's copy, not one of the portal's.
  ping = createRequire(path.join(runtimeDir, "package.json"))("minecraft-protocol").ping as Ping;
}, 600_000);

afterEach(async () => {
  for (const { dir, gp } of made.splice(0)) {
    await gp?.destroy(20_000);
    await rm(dir, { recursive: true, force: true });
  }
});

const motdOf = (answer: PingAnswer) => (typeof answer.description === "string" ? answer.description : answer.description.text);

async function newServer(vars: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), "rackfront-tpl-mc-"));
  const entry: { dir: string; gp?: GameProcess } = { dir };
  made.push(entry);
  const context: StartupContext = { serverDir: dir, runtimeDir, vars, port: await freePort(), memoryMb: 1024 };
  const root = await ServerRoot.open(dir);
  await minecraftFlyingSquid.install(root, context);
  const gp = new GameProcess({ serverDir: dir, startup: minecraftFlyingSquid.startup(context) });
  entry.gp = gp;
  return { dir, root, context, gp };
}

async function setProperty(root: ServerRoot, key: string, value: string): Promise<void> {
  const text = (await root.read("/server.properties")).toString("utf8");
  await root.write("/server.properties", text.replace(new RegExp(`^${key}=.*$`, "m"), `${key}=${value}`));
}

describe("Minecraft (flying-squid) template", () => {
  it("serves its variables, applies server.properties edits and panel changes on restart, answers the console", async () => {
    const vars = { MOTD: "Rackfront test server", MAX_PLAYERS: "7", WORLD_SEED: "12345", LEVEL_TYPE: "flat", GAMEMODE: "creative" };
    const { dir, root, context, gp } = await newServer(vars);
    const properties = await readFile(path.join(dir, "server.properties"), "utf8");
    expect(properties).toContain("motd=Rackfront test server\n");
    expect(properties).toContain("max-players=7\n");
    expect(properties).toContain(`server-port=${context.port}\n`);

    expect(gp.start()).toMatchObject({ ok: true });
    await gp.waitFor("running", 120_000);
    expect(await waitForLine(gp, FLYING_SQUID_READY_PATTERN)).toContain(`Server listening on port ${context.port}, version 1.21.4`);
    await waitForLine(gp, /World seed: 12345\b/);

    const first = await ping({ host: "127.0.0.1", port: context.port, version: "1.21.4" });
    expect(motdOf(first)).toBe("Rackfront test server");
    expect(first.players).toMatchObject({ max: 7, online: 0 });
    expect(first.version.name).toContain("1.21.4");

    // Console commands, with or without the chat slash.
    const said = nextLine(gp, /\[CHAT\]: \[Server\] hi there/);
    expect(gp.sendCommand("say hi there")).toEqual({ ok: true });
    await said;
    const pong = nextLine(gp, /pong!/);
    expect(gp.sendCommand("/ping")).toEqual({ ok: true });
    await pong;

    // An edit in the file manager wins at the next start; a value outside the rule is refused with a note.
    await setProperty(root, "motd", "Edited in the file manager");
    await setProperty(root, "max-players", "500");
    const refused = nextLine(gp, /server\.properties: max-players=500 is not allowed here; using "7"/, 120_000);
    const effective = nextLine(gp, /\[Rackfront\] motd "Edited in the file manager", max-players 7,/, 120_000);
    expect(gp.restart()).toMatchObject({ ok: true });
    await gp.waitFor("offline", 60_000);
    // The stop command ended it by itself: no SIGTERM needed.
    expect(gp.status().lastExit).toMatchObject({ code: 0, signal: null, reason: "stopped" });
    await gp.waitFor("running", 120_000);
    await refused;
    await effective;
    const second = await ping({ host: "127.0.0.1", port: context.port, version: "1.21.4" });
    expect(motdOf(second)).toBe("Edited in the file manager");
    expect(second.players.max).toBe(7);
    expect(await readFile(path.join(dir, "server.properties"), "utf8")).toContain("max-players=7\n");

    // A variable changed in the panel since the last start wins over the file, and is written into it.
    gp.setStartup(minecraftFlyingSquid.startup({ ...context, vars: { ...vars, MOTD: "Set in the panel" } }));
    expect(gp.restart()).toMatchObject({ ok: true });
    await gp.waitFor("offline", 60_000);
    await gp.waitFor("running", 120_000);
    const third = await ping({ host: "127.0.0.1", port: context.port, version: "1.21.4" });
    expect(motdOf(third)).toBe("Set in the panel");
    expect(await readFile(path.join(dir, "server.properties"), "utf8")).toContain("motd=Set in the panel\n");

    expect(gp.stop()).toMatchObject({ ok: true });
    await gp.waitFor("offline", 60_000);
    expect(gp.status().lastExit).toMatchObject({ code: 0, signal: null, reason: "stopped", crashed: false });
    // flying-squid logs into the server's folder, and the world is kept per version.
    expect((await root.list("/")).map((e) => e.name)).toEqual(expect.arrayContaining(["logs", "world", "start.mjs", "server.properties"]));
    expect((await root.list("/world")).map((e) => e.name)).toContain("1.21.4");
  }, 600_000);

  it("runs an older Minecraft version in a world folder of its own", async () => {
    const { context, gp, root } = await newServer({ VERSION: "1.12.2", MOTD: "Old times" });
    gp.start();
    await gp.waitFor("running", 120_000);
    const answer = await ping({ host: "127.0.0.1", port: context.port, version: "1.12.2" });
    expect(motdOf(answer)).toBe("Old times");
    expect(answer.version.name).toContain("1.12.2");
    expect((await root.list("/world")).map((e) => e.name)).toEqual(["1.12.2"]);
  }, 600_000);

  it("refuses to build a startup without its runtime", () => {
    expect(() => minecraftFlyingSquid.startup({ serverDir: "/x", runtimeDir: null, vars: {}, port: 25565, memoryMb: 1024 })).toThrow(/runtime/);
  });
});

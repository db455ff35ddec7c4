import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameNodeAgent } from "@/game-node/agent/game-node-agent";
import { builtInTemplates } from "@/game-node/templates/built-in-templates";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { openSecret } from "@/lib/crypto/secret-box";
import type { DomainError } from "@/lib/errors/domain-error";
import type { Db } from "@/lib/db/client";
import { placeGameServer } from "@/lib/game/place-game-server";
import { domainRefusal } from "@/lib/testing/domain-refusal";
import { makeCustomer, makeLocation, makeProduct, makeService } from "@/lib/testing/factories";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { BackendError } from "../backend-error";
import { setEmbeddedGameNode } from "../game-node/embedded-game-node";
import { GAME_NODE_DRIVER, GAME_NODE_TOKEN_PURPOSE } from "../game-node/game-node-for";
import { testContext } from "../testing/backend-test-kit";
import { checkGameNodeConnection } from "./check-game-node";
import { createNode } from "./create-node";
import { describeGameNodeConnection } from "./game-node-connection";
import { gameNodeServers } from "./game-node-servers";
import { listNodesWithUsage } from "./list-nodes-with-usage";
import { createGameNodeFromInput, updateGameNode, type GameNodeInput } from "./save-game-node";

let t: TestDb;
const operator = (): OperatorContext<Db> => ({ db: t.db, now: new Date(), actor: { userId: "00000000-0000-4000-8000-0000000000aa" } });
const uid = () => randomBytes(3).toString("hex");
const TOKEN = "a".repeat(16) + randomBytes(16).toString("hex");

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t?.close());

/** Each node takes its own block of ports (100 and a gap of 50), so the no-overlap rule never links two tests. */
let nextBlock = 20_000;
function ports(size = 100) {
  const start = nextBlock;
  nextBlock += 150;
  return { portRangeStart: String(start), portRangeEnd: String(start + size - 1) };
}

async function embeddedInput(over: Partial<GameNodeInput> = {}): Promise<GameNodeInput> {
  const location = await makeLocation(t.db);
  return { name: `game-${uid()}`, locationId: location.id, connection: "embedded", memoryGb: "64", diskGb: "1000", enabled: "on", ...ports(), ...over };
}

async function remoteInput(over: Partial<GameNodeInput> = {}): Promise<GameNodeInput> {
  return embeddedInput({ connection: "remote", url: `https://${uid()}.nodes.example.com:8480`, token: TOKEN, sftpHost: "sftp.example.com", sftpPort: "2022", ...over });
}

/** A game server placed on the node the way orders place them (memory, disk and port held). */
async function placeOn(nodeId: string, size = { memoryMb: 1536, diskGb: 10 }) {
  const node = await t.db.node.findUniqueOrThrow({ where: { id: nodeId } });
  const { account } = await makeCustomer(t.db);
  const product = await makeProduct(t.db, { kind: "game" });
  const service = await makeService(t.db, { accountId: account.id, productId: product.id, status: "installing" });
  const server = await placeGameServer(testContext(t.db), { serviceId: service.id, locationIds: [node.locationId], template: "nodejs-app", vars: {}, size });
  return { server, service, account };
}

describe("adding a game node", () => {
  it("stores an embedded node with its range and capacity (GB in, MB kept)", async () => {
    const input = await embeddedInput();
    const node = await createGameNodeFromInput(operator(), input);
    expect(node).toMatchObject({
      kind: "game",
      driver: GAME_NODE_DRIVER,
      config: { embedded: true },
      capacityMemoryMb: 65_536,
      capacityDiskGb: 1000,
      portRangeStart: Number(input.portRangeStart),
      portRangeEnd: Number(input.portRangeEnd),
      enabled: true,
    });
  });

  it("seals a remote node's token: the row holds only the sealed form, which opens to the token", async () => {
    const node = await createGameNodeFromInput(operator(), await remoteInput());
    const config = node.config as Record<string, unknown>;
    expect(Object.keys(config).sort()).toEqual(["sftpHost", "sftpPort", "tokenSealed", "url"]);
    expect(JSON.stringify(node)).not.toContain(TOKEN);
    expect(openSecret(config.tokenSealed as string, GAME_NODE_TOKEN_PURPOSE)).toBe(TOKEN);
    expect(describeGameNodeConnection(node.config)).toEqual({ mode: "remote", url: config.url, sftpHost: "sftp.example.com", sftpPort: 2022, tokenSet: true });
  });

  it("names every field it refuses and writes nothing", async () => {
    const before = await t.db.node.count();
    const bounds = await domainRefusal(createGameNodeFromInput(operator(), await embeddedInput({ portRangeStart: "80", portRangeEnd: "70000", memoryGb: "x" })));
    expect(bounds.details).toEqual([
      { field: "portRangeStart", message: "Enter a port from 1024 to 65535." },
      { field: "portRangeEnd", message: "Enter a port from 1024 to 65535." },
      { field: "memoryGb", message: "Enter a number of GB from 1 to 1000000." },
    ]);
    const reversed = await domainRefusal(createGameNodeFromInput(operator(), await embeddedInput({ portRangeStart: "30000", portRangeEnd: "29999" })));
    expect(reversed.details).toEqual([{ field: "portRangeEnd", message: "The range ends before it starts: enter a port from 30000 to 65535." }]);

    const blank = await domainRefusal(createGameNodeFromInput(operator(), await remoteInput({ url: "", token: "", sftpHost: "", sftpPort: "" })));
    expect(blank.details!.map((d) => d.field)).toEqual(["url", "token", "sftpHost", "sftpPort"]);
    const bad = await domainRefusal(
      createGameNodeFromInput(operator(), await remoteInput({ url: "ftp://node.example.com", token: "short-token", sftpHost: "bad host!", sftpPort: "70000" })),
    );
    expect(bad.details).toEqual([
      { field: "url", message: "Enter the agent's address as http:// or https:// (for example https://node1.example.com:8443), without a user name or password." },
      { field: "token", message: "The token is at least 32 characters, without spaces (the one in the agent's configuration)." },
      { field: "sftpHost", message: "Enter a host name or IP address customers connect to." },
      { field: "sftpPort", message: "Enter a port from 1 to 65535." },
    ]);
    // One refusal names every field, the rules between fields included.
    const mixed = await domainRefusal(createGameNodeFromInput(operator(), await remoteInput({ url: "", token: "short", portRangeStart: "30000", portRangeEnd: "29999" })));
    expect(mixed.details).toEqual([
      { field: "token", message: "The token is at least 32 characters, without spaces (the one in the agent's configuration)." },
      { field: "portRangeEnd", message: "The range ends before it starts: enter a port from 30000 to 65535." },
      { field: "url", message: "Enter the agent's address (http:// or https://)." },
    ]);
    const creds = await domainRefusal(createGameNodeFromInput(operator(), await remoteInput({ url: "https://admin:pw@node.example.com" })));
    expect(creds.details![0]!.field).toBe("url");
    const spaced = await domainRefusal(createGameNodeFromInput(operator(), await remoteInput({ token: `${"x".repeat(20)} ${"y".repeat(20)}` })));
    expect(spaced.details![0]!.field).toBe("token");
    expect(await t.db.node.count()).toBe(before);
  });

  it("refuses a range overlapping another game node's on the same host, and a taken name", async () => {
    const first = await createGameNodeFromInput(operator(), await embeddedInput({ portRangeStart: "50000", portRangeEnd: "50099" }));
    const overlap = await domainRefusal(createGameNodeFromInput(operator(), await embeddedInput({ portRangeStart: "50099", portRangeEnd: "50199" })));
    expect(overlap.details).toEqual([{ field: "portRangeStart", message: `Node ${first.name} on the embedded agent uses ports 50000–50099: choose a range that does not overlap it.` }]);
    // Another machine may use the same ports; the same machine (by the agent's host name) may not.
    const a = await createGameNodeFromInput(operator(), await remoteInput({ url: "https://n1.example.com:8480", portRangeStart: "50000", portRangeEnd: "50099" }));
    await createGameNodeFromInput(operator(), await remoteInput({ url: "http://n2.example.com", portRangeStart: "50000", portRangeEnd: "50099" }));
    const sameHost = await domainRefusal(createGameNodeFromInput(operator(), await remoteInput({ url: "http://N1.example.com:9000", portRangeStart: "50050", portRangeEnd: "50050" })));
    expect(sameHost.details![0]!.message).toBe(`Node ${a.name} on n1.example.com uses ports 50000–50099: choose a range that does not overlap it.`);
    await createGameNodeFromInput(operator(), await remoteInput({ url: "http://n1.example.com:9000", portRangeStart: "50100", portRangeEnd: "50199" }));

    const dup = await domainRefusal(createGameNodeFromInput(operator(), await embeddedInput({ name: first.name })));
    expect(dup.details).toEqual([{ field: "name", message: `A node named “${first.name}” already exists.` }]);
  });

  it("of two parallel adds with overlapping ranges, one is refused (the check runs under a lock)", async () => {
    const [a, b] = [await embeddedInput({ portRangeStart: "52000", portRangeEnd: "52099" }), await embeddedInput({ portRangeStart: "52050", portRangeEnd: "52149" })];
    const results = await Promise.allSettled([createGameNodeFromInput(operator(), a), createGameNodeFromInput(operator(), b)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as DomainError).details![0]!.field).toBe("portRangeStart");
  });

  it("createNode itself refuses a game node its driver could not use", async () => {
    const location = await makeLocation(t.db);
    const base = { name: `game-${uid()}`, locationId: location.id, kind: "game" as const, driver: GAME_NODE_DRIVER, portRange: { start: 41_000, end: 41_010 } };
    await expect(createNode(t.db, { ...base, config: { url: "https://x.example.com", token: TOKEN } })).rejects.toBeInstanceOf(BackendError);
    await expect(createNode(t.db, { ...base, config: { embedded: true }, portRange: { start: 1000, end: 1010 } })).rejects.toThrow(/port range within 1024-65535/);
  });
});

describe("editing a game node", () => {
  it("keeps the sealed token when the field is blank, and seals a replacement", async () => {
    const input = await remoteInput();
    const node = await createGameNodeFromInput(operator(), input);
    const sealed = (node.config as Record<string, string>).tokenSealed;
    const kept = await updateGameNode(operator(), { nodeId: node.id, node: { ...input, token: "", url: "https://moved.example.com", sftpPort: "2222" } });
    expect(kept.config).toEqual({ url: "https://moved.example.com", tokenSealed: sealed, sftpHost: "sftp.example.com", sftpPort: 2222 });
    const other = "z".repeat(40);
    const replaced = await updateGameNode(operator(), { nodeId: node.id, node: { ...input, token: other } });
    expect(openSecret((replaced.config as Record<string, string>).tokenSealed, GAME_NODE_TOKEN_PURPOSE)).toBe(other);
    // An embedded node has no token to keep: turning it remote needs one.
    const embedded = await createGameNodeFromInput(operator(), await embeddedInput());
    const noToken = await domainRefusal(
      updateGameNode(operator(), { nodeId: embedded.id, node: { ...(await remoteInput()), name: embedded.name, locationId: embedded.locationId, token: "", portRangeStart: String(embedded.portRangeStart), portRangeEnd: String(embedded.portRangeEnd) } }),
    );
    expect(noToken.details).toEqual([{ field: "token", message: "Enter the node's token (the one in the agent's configuration)." }]);
  });

  it("refuses to shrink the range past a port in use, naming the port", async () => {
    const input = await embeddedInput();
    const node = await createGameNodeFromInput(operator(), input);
    const start = node.portRangeStart!;
    const first = await placeOn(node.id);
    const second = await placeOn(node.id);
    expect([first.server.port, second.server.port]).toEqual([start, start + 1]);

    const high = await domainRefusal(updateGameNode(operator(), { nodeId: node.id, node: { ...input, portRangeEnd: String(start) } }));
    expect(high.kind).toBe("conflict");
    expect(high.details).toEqual([{ field: "portRangeEnd", message: `Port ${start + 1} is in use by a game server on this node: the range must end at ${start + 1} or higher.` }]);
    const low = await domainRefusal(updateGameNode(operator(), { nodeId: node.id, node: { ...input, portRangeStart: String(start + 1) } }));
    expect(low.details![0]!.message).toBe(`Port ${start} is in use by a game server on this node: the range must start at ${start} or lower.`);

    // Down to exactly the ports in use is fine, and so is growing.
    const tight = await updateGameNode(operator(), { nodeId: node.id, node: { ...input, portRangeEnd: String(start + 1) } });
    expect([tight.portRangeStart, tight.portRangeEnd]).toEqual([start, start + 1]);
    const grown = await updateGameNode(operator(), { nodeId: node.id, node: { ...input, portRangeStart: String(start - 10), portRangeEnd: String(start + 120) } });
    expect([grown.portRangeStart, grown.portRangeEnd]).toEqual([start - 10, start + 120]);
  });

  it("refuses capacity below what servers hold, and a move of location or agent while servers run", async () => {
    const input = await embeddedInput({ memoryGb: "4", diskGb: "40" });
    const node = await createGameNodeFromInput(operator(), input);
    await placeOn(node.id, { memoryMb: 1536, diskGb: 10 });
    await placeOn(node.id, { memoryMb: 1536, diskGb: 10 });

    const memory = await domainRefusal(updateGameNode(operator(), { nodeId: node.id, node: { ...input, memoryGb: "2" } }));
    expect(memory.details).toEqual([{ field: "memoryGb", message: "Game servers hold 3,072 MB here: memory cannot go below 3 GB." }]);
    const disk = await domainRefusal(updateGameNode(operator(), { nodeId: node.id, node: { ...input, diskGb: "19" } }));
    expect(disk.details).toEqual([{ field: "diskGb", message: "Game servers hold 20 GB of disk here: disk cannot go below that." }]);
    const elsewhere = await makeLocation(t.db);
    const moved = await domainRefusal(updateGameNode(operator(), { nodeId: node.id, node: { ...input, locationId: elsewhere.id } }));
    expect(moved.details).toEqual([{ field: "locationId", message: "2 game servers run on this node: it cannot move to another location." }]);
    const remote = await domainRefusal(updateGameNode(operator(), { nodeId: node.id, node: { ...input, connection: "remote", url: "https://n9.example.com", token: TOKEN, sftpHost: "n9.example.com", sftpPort: "2022" } }));
    expect(remote.details![0]!.field).toBe("connection");

    const saved = await updateGameNode(operator(), { nodeId: node.id, node: { ...input, memoryGb: "3", diskGb: "20", enabled: "" } });
    expect(saved).toMatchObject({ capacityMemoryMb: 3072, capacityDiskGb: 20, enabled: false, allocatedMemoryMb: 3072 });
  });

  it("answers not found for a node that is not a game node", async () => {
    const location = await makeLocation(t.db);
    const hv = await createNode(t.db, { name: `hv-${uid()}`, locationId: location.id, kind: "vps", driver: "simulated-hypervisor" });
    expect((await domainRefusal(updateGameNode(operator(), { nodeId: hv.id, node: await embeddedInput() }))).kind).toBe("not_found");
  });
});

describe("what a game node carries", () => {
  it("lists its servers with service, customer, template, port and size, and the ports used of its range", async () => {
    const node = await createGameNodeFromInput(operator(), await embeddedInput(ports(50)));
    const { server, service, account } = await placeOn(node.id, { memoryMb: 2048, diskGb: 5 });
    const view = await gameNodeServers(operator(), node.id);
    expect(view.ports).toEqual({ used: 1, range: { start: node.portRangeStart, end: node.portRangeEnd }, size: 50 });
    expect(view.servers).toEqual([
      expect.objectContaining({ id: server.id, template: "nodejs-app", port: node.portRangeStart, memoryMb: 2048, diskMb: 5120, service: { id: service.id, name: service.name, status: service.status }, customer: { id: account.id, name: account.name } }),
    ]);
    const [row] = (await listNodesWithUsage(operator())).filter((n) => n.id === node.id);
    expect(row).toMatchObject({ gameServers: 1, allocatedMemoryMb: 2048 });
  });
});

describe("checking a game node's connection", () => {
  let agent: GameNodeAgent;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "rackfront-gadmin-"));
    agent = new GameNodeAgent({ dataDir, nodeToken: TOKEN, templates: builtInTemplates(), port: 0, host: "127.0.0.1", sftpPort: 2022, log: () => {} });
    url = `http://127.0.0.1:${(await agent.start()).port}`;
  });
  afterAll(async () => {
    setEmbeddedGameNode(null);
    await agent?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("reaches a remote agent with the sealed token and reports its version, templates and servers", async () => {
    const input = await remoteInput({ url, sftpHost: "127.0.0.1" });
    const node = await createGameNodeFromInput(operator(), input);
    const check = await checkGameNodeConnection(operator(), node.id);
    expect(check).toMatchObject({ ok: true, servers: 0, sftpPort: 2022 });
    if (!check.ok) throw new Error(check.error);
    expect(check.version).toMatch(/\S/);
    expect(check.templates.map((x) => x.id)).toContain("nodejs-app");

    await updateGameNode(operator(), { nodeId: node.id, node: { ...input, token: "w".repeat(32) } });
    const refused = await checkGameNodeConnection(operator(), node.id);
    expect(refused).toEqual({ ok: false, error: expect.stringContaining("refused the portal's node token") });
  });

  it("says so when the agent does not answer, or the embedded agent is not running", async () => {
    const down = await createGameNodeFromInput(operator(), await remoteInput({ url: "http://127.0.0.1:9" }));
    const answer = await checkGameNodeConnection(operator(), down.id);
    expect(answer).toEqual({ ok: false, error: expect.stringMatching(/did not answer GET \/api\/system.*Check the address/) });

    const embedded = await createGameNodeFromInput(operator(), await embeddedInput());
    setEmbeddedGameNode(null);
    expect(await checkGameNodeConnection(operator(), embedded.id)).toEqual({ ok: false, error: expect.stringContaining("embedded node, which is not running in this process") });
    setEmbeddedGameNode({ url, token: TOKEN, sftpHost: "127.0.0.1", sftpPort: 2022 });
    expect(await checkGameNodeConnection(operator(), embedded.id)).toMatchObject({ ok: true });
  });
});

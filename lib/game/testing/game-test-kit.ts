// Game servers in the portal's tests: a real game node agent in this process (real child processes,
// real files), registered as the embedded node, and game services built through the provisioning steps.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GameNodeAgent } from "@/game-node/agent/game-node-agent";
import { startSftpServer, type SftpServer } from "@/game-node/sftp/sftp-server";
import { builtInTemplates } from "@/game-node/templates/built-in-templates";
import { createManualClock } from "@/lib/backends/clock";
import { setEmbeddedGameNode } from "@/lib/backends/game-node/embedded-game-node";
import { makeGameNode, testContext } from "@/lib/backends/testing/backend-test-kit";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import * as steps from "@/lib/services/provisioning/provisioning-steps";
import { makePendingService, type PendingServiceInput } from "@/lib/services/testing/service-factories";
import { makeLocation } from "@/lib/testing/factories";

export interface TestGameNode {
  agent: GameNodeAgent;
  url: string;
  token: string;
  dataDir: string;
  /** The node's SFTP server, when started with `sftp: true`. */
  sftp: SftpServer | null;
  stop(): Promise<void>;
}

/** Starts an agent with the built-in templates on a free port and makes it the embedded node; `sftp`: with its SFTP server. */
export async function startTestGameNode(options: { allowedOrigins?: string[]; sftp?: boolean } = {}): Promise<TestGameNode> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "rackfront-game-node-"));
  const token = randomBytes(24).toString("hex");
  const agent = new GameNodeAgent({ dataDir, nodeToken: token, templates: builtInTemplates(), port: 0, host: "127.0.0.1", sftpPort: 2022, allowedOrigins: options.allowedOrigins, log: () => {} });
  const { port } = await agent.start();
  const url = `http://127.0.0.1:${port}`;
  const sftp = options.sftp
    ? await startSftpServer({
        host: "127.0.0.1",
        port: 0,
        hostKeyPath: path.join(dataDir, "sftp-host-key"),
        authenticate: (username, password) => agent.authenticateSftp(username, password),
        rootFor: (serverId) => agent.serverRoot(serverId)!,
        failureDelayMs: 10,
      })
    : null;
  setEmbeddedGameNode({ url, token, sftpHost: "127.0.0.1", sftpPort: sftp?.port ?? 2022 });
  return {
    agent,
    url,
    token,
    dataDir,
    sftp,
    stop: async () => {
      setEmbeddedGameNode(null);
      await sftp?.close();
      await agent.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A location with an embedded game node and a Node.js-app product (256 MB, 1 GB). The node's ports are
 * a random block of 20 so test files running at once do not bind each other's ports: above the demo
 * node's 25565-25664 (CI runs these tests beside the browser suite's server) and below Linux's
 * ephemeral range (32768 up), where an outgoing connection may hold the port a server wants.
 */
export async function makeGameSite(db: Db, options: { template?: string; memoryMb?: number } = {}) {
  const location = await makeLocation(db);
  const start = 26_000 + Math.floor(Math.random() * 300) * 20;
  const node = await makeGameNode(db, location.id, { ports: { start, end: start + 19 } });
  const id = randomBytes(3).toString("hex");
  const product = await db.product.create({
    data: {
      kind: "game",
      name: `Node app ${id}`,
      slug: `game-${id}`,
      specs: { ram: "256 MB", template: options.template ?? "nodejs-app", memoryMb: options.memoryMb ?? 256, diskGb: 1 },
      prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal("3.00") }] },
      locations: { create: [{ locationId: location.id }] },
    },
  });
  return { location, node, product };
}

/** A game service built the way the provisioning function builds it: placed, installed, started, active. */
export async function makeActiveGameService(db: Db, input: PendingServiceInput) {
  const made = await makePendingService(db, input);
  const ctx = testContext(db, { clock: createManualClock("2026-01-05T10:00:00.000Z") });
  const placement = await steps.placeService(ctx, made.service.id);
  if (!placement.ok) throw new Error(`placement failed: ${JSON.stringify(placement)}`);
  const build = await steps.startBuild(ctx, made.service.id, placement);
  if (!build.ok) throw new Error(`build failed: ${JSON.stringify(build)}`);
  for (let look = 0; ; look++) {
    const progress = await steps.checkBuild(ctx, build, "2026-01-05T10:00:00.000Z");
    if (progress.done) {
      if (!progress.ok) throw new Error(`install failed: ${JSON.stringify(progress.failure)}`);
      break;
    }
    if (look > 400) throw new Error("install did not finish");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await steps.markProvisioned(ctx, made.service.id);
  const gameServer = await db.gameServer.findFirstOrThrow({ where: { serviceId: made.service.id, deletedAt: null } });
  return { ...made, gameServer, service: await db.service.findUniqueOrThrow({ where: { id: made.service.id } }) };
}

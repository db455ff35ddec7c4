import http from "node:http";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { databaseTarget, readEnv } from "@/lib/env";
import { loadOrCreateInstanceKey, deriveKey } from "@/lib/crypto/instance-key";
import { openDatabase, type OpenedDatabase } from "@/lib/db/adapter-factory";
import { migrateDatabase } from "@/lib/db/migrate";
import { pendingMigrations } from "@/lib/db/pending-migrations";
import { installDb, uninstallDb } from "@/lib/db/client";
import { seedDemo } from "@/prisma/seed/seed-demo";
import { startEmbeddedRunner } from "@/lib/jobs/embedded/start-embedded-runner";
import { startEmbeddedGameNode } from "@/lib/backends/game-node/start-embedded-game-node";
import { markClientIpHeaderTrusted } from "@/lib/api/client-ip";
import { setListeningPort } from "@/lib/api/public-base-url";
import { apiFastPathEnabled } from "./api-fast-path";
import { createRequestListener, type RequestHandler } from "./request-listener";
import { attachWebSockets } from "./attach-websockets";
import { buildIfStale } from "./build-if-stale";
import { createLifecycle } from "./lifecycle";
import { registerBuiltInWebSocketRoutes } from "./websocket-routes";

/**
 * What `npm start` runs: listen at once (503 while starting), open and migrate the database,
 * seed demo data on an empty database, build the bundle when stale, then serve Next.js,
 * websockets under /ws/ and /api/console/ws/, and the embedded background runner. SIGINT/SIGTERM drain and close.
 */
export async function main({ root }: { root: string }) {
  const env = readEnv();
  const dev = process.env.RACKFRONT_DEV === "1";
  const log = (line: string) => console.log(`rackfront: ${line}`);
  mkdirSync(env.dataDir, { recursive: true });
  process.env.RACKFRONT_INSTANCE_KEY = loadOrCreateInstanceKey(env.dataDir);
  process.env.AUTH_SECRET ??= deriveKey("auth-secret").toString("hex");
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  if (!dev) (process.env as Record<string, string>).NODE_ENV = "production";

  const lifecycle = createLifecycle();
  const fastPath = apiFastPathEnabled();
  let handler: RequestHandler | undefined;
  let opened: OpenedDatabase | undefined;

  const server = http.createServer(createRequestListener({ lifecycle, fastPath, handler: () => handler }));
  // Keep-alive sockets must not hold a shutdown open.
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  setListeningPort(port);
  const baseUrl = env.RACKFRONT_BASE_URL ?? `http://localhost:${port}`;
  log(`starting on ${baseUrl} (healthz answers 503 until ready)`);

  let stopRunner: (() => Promise<void>) | undefined;
  let stopGameNode: (() => Promise<void>) | undefined;
  let ws: { close(): void } | undefined;

  const shutdown = async (signal: string) => {
    if (lifecycle.state === "stopping") return;
    log(`${signal}: finishing in-flight requests and shutting down`);
    lifecycle.stopping();
    const force = setTimeout(() => {
      console.error("rackfront: shutdown took too long; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    ws?.close();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await lifecycle.drained();
    // Every request has been answered; keep-alive sockets would otherwise hold the close open.
    server.closeAllConnections();
    await closed;
    await stopRunner?.().catch((e) => console.error(e));
    await stopGameNode?.().catch((e) => console.error(e));
    uninstallDb();
    await opened?.close().catch((e) => console.error(e));
    clearTimeout(force);
    log("stopped");
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    lifecycle.progress("opening the database");
    const target = databaseTarget(env);
    opened = await openDatabase(target);
    const db = installDb(opened);
    // The schema engine only loads when there is something to apply (it stays resident once loaded).
    if ((await pendingMigrations(db)).length > 0) {
      lifecycle.progress("applying migrations");
      const applied = await migrateDatabase(opened);
      if (applied.length) log(`applied migrations: ${applied.join(", ")}`);
    }
    lifecycle.setDbCheck(async () => {
      await db.$queryRaw`SELECT 1`;
    });
    lifecycle.progress("seeding demo data");
    const { seeded } = await seedDemo(db, { baseUrl, dataDir: env.dataDir });
    const credentials = path.join(env.dataDir, "demo-credentials.json");
    if (seeded) log(`demo data seeded; sign-in details and API keys are in ${credentials}`);

    const { default: next } = await import("next");
    if (!dev) {
      lifecycle.progress("building the production bundle");
      await buildIfStale(root, log);
    }
    lifecycle.progress("starting Next.js");
    const app = next({ dev, dir: root, hostname: "localhost", port, turbopack: dev ? true : undefined });
    await app.prepare();
    handler = app.getRequestHandler() as unknown as typeof handler;
    markClientIpHeaderTrusted();
    registerBuiltInWebSocketRoutes({ db, configuredBaseUrl: env.RACKFRONT_BASE_URL, port });
    const upgrade = dev ? (app.getUpgradeHandler() as unknown as Parameters<typeof attachWebSockets>[1]) : undefined;
    ws = attachWebSockets(server, upgrade);
    if (env.RACKFRONT_EMBEDDED_GAME_NODE === "1") {
      lifecycle.progress("starting the game node");
      // Before the runner: provisioning a game order drives this node.
      const gameNode = await startEmbeddedGameNode({
        root,
        dataDir: path.join(env.dataDir, "game-node"),
        token: deriveKey("embedded-game-node-token").toString("hex"),
        allowedOrigin: new URL(baseUrl).origin,
        publicHost: new URL(baseUrl).hostname,
        log: (line) => log(`game node: ${line}`),
      });
      stopGameNode = () => gameNode.stop();
    }
    const runner = await startEmbeddedRunner({ db });
    stopRunner = () => runner.stop();
    lifecycle.ready();
    if (process.env.RACKFRONT_LOG_MEMORY === "1") logMemoryEveryMinute(log);
    log(`ready on ${baseUrl} (${target.kind === "pglite" ? `embedded PostgreSQL in ${target.dataDir}` : "PostgreSQL"})`);
    log(`demo credentials: ${credentials}`);
  } catch (err) {
    console.error("rackfront: start-up failed:", err);
    await opened?.close().catch(() => {});
    process.exit(1);
  }
}

/**
 * Tests only (the e2e server): a line a minute with the heap after V8's last collection and the
 * process's resident size, which e2e/global-setup.ts sums up at the end of the suite
 * (docs/performance.md, "Server memory under the e2e suite").
 */
function logMemoryEveryMinute(log: (line: string) => void) {
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);
  setInterval(() => {
    const { heapUsed, heapTotal, rss } = process.memoryUsage();
    log(`memory: heapUsed=${mb(heapUsed)}MB heapTotal=${mb(heapTotal)}MB rss=${mb(rss)}MB`);
  }, 60_000).unref();
}

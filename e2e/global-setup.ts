import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";

const ROOT = path.resolve(import.meta.dirname, "..");
// `npm start` builds the production bundle when it is stale: minutes on two cores.
const START_TIMEOUT_MS = 12 * 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited: number | null = null;
  child.once("exit", (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`npm start exited with ${exited} before it was healthy:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`the server did not become healthy within ${START_TIMEOUT_MS / 60_000} minutes:\n${tail(logFile)}`);
}

/** The server's minute-by-minute heap (RACKFRONT_LOG_MEMORY) in one line: does it grow through the suite? */
function memorySummary(log: string): string {
  const heap = [...log.matchAll(/memory: heapUsed=(\d+)MB heapTotal=\d+MB rss=(\d+)MB/g)].map((m) => ({ heap: Number(m[1]), rss: Number(m[2]) }));
  if (heap.length === 0) return "e2e server memory: no samples";
  const every = heap.map((h) => h.heap);
  return `e2e server memory over ${heap.length} min: heap used first ${every[0]} MB, max ${Math.max(...every)} MB, last ${every.at(-1)} MB (per minute: ${every.join(" ")}); rss max ${Math.max(...heap.map((h) => h.rss))} MB`;
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-40).join("\n") : "(no log)";
}

async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import("pg")).default;
  const name = `rf_e2e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export default async function globalSetup() {
  if (process.env.RF_E2E_BASE_URL) {
    if (!process.env.RF_E2E_DATA_DIR) throw new Error("RF_E2E_BASE_URL needs RF_E2E_DATA_DIR (where demo-credentials.json is)");
    return;
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), "rf-e2e-"));
  const logFile = path.join(dataDir, "server.log");
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : null;

  const log = openSync(logFile, "a");
  // RACKFRONT_WEBHOOK_TEST_ALLOW: test-only, lets e2e/webhooks deliver to a receiver on loopback.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", RACKFRONT_DATA_DIR: dataDir, RACKFRONT_BASE_URL: baseUrl, RACKFRONT_WEBHOOK_TEST_ALLOW: "127.0.0.1", RACKFRONT_LOG_MEMORY: "1" };
  delete env.RACKFRONT_DEV;
  if (database) env.DATABASE_URL = database.url;
  // Its own process group, so teardown can stop npm, tsx and the server together.
  // `npm start`'s command with a 512 MB old generation instead of 256: the whole suite (about 20 minutes
  // of pages, orders and consoles in one process) outgrew 256 MB in session 13's CI run; whether that
  // is a leak or the suite's size is open (docs/performance.md, "Server memory under the e2e suite").
  const child = spawn("node", ["--max-old-space-size=512", "--max-semi-space-size=8", "--import", "tsx", "server.ts"], { cwd: ROOT, env, stdio: ["ignore", log, log], detached: true });
  console.log(`e2e: npm start on ${baseUrl}, data in ${dataDir} (log: ${logFile})`);

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    }
    mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
    if (existsSync(logFile)) {
      copyFileSync(logFile, path.join(ROOT, "test-results", "e2e-server.log"));
      console.log(memorySummary(readFileSync(logFile, "utf8")));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  try {
    await waitForHealthy(baseUrl, child, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  process.env.RF_E2E_BASE_URL = baseUrl;
  process.env.RF_E2E_DATA_DIR = dataDir;

  return stop;
}

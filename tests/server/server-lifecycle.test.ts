import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { accountKey } from "@/lib/auth/sign-in-throttle";
import { openDatabase } from "@/lib/db/adapter-factory";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { startServer, type RunningServer } from "@/lib/testing/start-server";

// The real server, as `npm start` runs it, on a temporary data directory (or a fresh
// PostgreSQL database when TEST_DATABASE_URL is set).
const pgAdmin = process.env.TEST_DATABASE_URL;
let dataDir: string;
let dbUrl: string | undefined;
let server: RunningServer | undefined;

async function createPgDatabase(): Promise<string | undefined> {
  if (!pgAdmin) return undefined;
  const pg = (await import("pg")).default;
  const name = `rf_server_${process.pid}_${Date.now()}`;
  const c = new pg.Client({ connectionString: pgAdmin });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(pgAdmin);
  u.pathname = `/${name}`;
  return u.toString();
}

function env() {
  return { RACKFRONT_DATA_DIR: dataDir, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) };
}

/** Reads the database while no server has it open (PGlite allows one process per directory). */
async function withDb<T>(fn: (db: PrismaClient) => Promise<T>): Promise<T> {
  const opened = await openDatabase(dbUrl ? { kind: "postgres", url: dbUrl } : { kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  const db = new PrismaClient({ adapter: opened.adapterFactory });
  try {
    return await fn(db);
  } finally {
    await db.$disconnect();
    await opened.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "rf-server-"));
  dbUrl = await createPgDatabase();
  server = await startServer(env());
}, 900_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (dbUrl && pgAdmin) {
    const pg = (await import("pg")).default;
    const c = new pg.Client({ connectionString: pgAdmin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${new URL(dbUrl).pathname.slice(1)}" WITH (FORCE)`);
    await c.end();
  }
});

/** Signs in with a wrong password through next-auth's credentials callback. */
async function countFailures(baseUrl: string, email: string): Promise<boolean> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email, password: "definitely-wrong-password" }).toString(),
  });
  return res.status < 500;
}

describe("npm start", () => {
  it("answers /healthz with status ok once ready", async () => {
    const res = await fetch(`${server!.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("seeded demo data and wrote the credentials file with mode 0600", () => {
    const file = path.join(dataDir, "demo-credentials.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const creds = JSON.parse(readFileSync(file, "utf8"));
    expect(creds.baseUrl).toBe(`http://localhost:${server!.port}`);
    expect(Object.keys(creds).sort()).toEqual(["admin", "baseUrl", "customer", "reseller"]);
    expect(server!.output()).toContain("demo-credentials.json");
  });

  it("upgrades registered websocket paths and refuses unknown ones", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server!.port}/ws/echo`);
    const echoed = await new Promise<string>((resolve, reject) => {
      ws.once("open", () => ws.send("ping"));
      ws.once("message", (m) => resolve(m.toString()));
      ws.once("error", reject);
    });
    ws.close();
    expect(echoed).toBe("ping");

    const status = await new Promise<number>((resolve) => {
      const bad = new WebSocket(`ws://127.0.0.1:${server!.port}/ws/does-not-exist`);
      bad.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      bad.once("open", () => resolve(101));
      bad.once("error", () => {});
    });
    expect(status).toBe(404);
  });

  it("keeps the embedded Inngest endpoint unreachable from outside", async () => {
    const res = await fetch(`${server!.baseUrl}/api/inngest`, { method: "PUT" });
    expect(res.status).toBe(404);
  });

  it("serves both APIs through the fast path with the seeded keys", async () => {
    const creds = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
    const me = await fetch(`${server!.baseUrl}/v1/`, { headers: { authorization: `Bearer ${creds.customer.apiKey}` } });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { success: boolean; data: { version: string; user: { email: string } } };
    expect(body.success).toBe(true);
    expect(body.data.version).toBe("1");
    expect(body.data.user.email).toBe(creds.customer.email);

    const customers = await fetch(`${server!.baseUrl}/v1/reseller/customers`, {
      headers: { authorization: `Bearer ${creds.reseller.readOnlyApiKey}` },
    });
    expect(customers.status).toBe(200);
    expect(((await customers.json()) as { success: boolean }).success).toBe(true);

    const unauth = await fetch(`${server!.baseUrl}/v1/account`);
    expect(unauth.status).toBe(401);
  });

  it("refuses a body over 1 MB with 413 while streaming", async () => {
    const creds = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
    const big = JSON.stringify({ externalCustomerId: "x", pad: "a".repeat(2 * 1024 * 1024) });
    const res = await fetch(`${server!.baseUrl}/v1/reseller/customers`, {
      method: "POST",
      headers: { authorization: `Bearer ${creds.reseller.apiKey}`, "content-type": "application/json" },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, error: "Request body too large" });
    // The server is still healthy afterwards.
    expect((await fetch(`${server!.baseUrl}/healthz`)).status).toBe(200);
  });

  it("finishes an in-flight request on SIGTERM, then exits 0", async () => {
    // A request whose body is still arriving when the signal comes must still get its answer.
    const body = "csrfToken=x&email=nobody%40example.test&password=wrong";
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port: server!.port, method: "POST", path: "/api/auth/callback/credentials",
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": body.length } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server!.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 700);
      }, 300);
    });
    const status = await answer;
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(await server!.exited).toBe(0);
    expect(server!.output()).toContain("stopped");
  }, 120_000);

  it("keeps data across a restart, and committed data survives kill -9", async () => {
    const before = await withDb((db) => db.user.findMany({ select: { id: true, email: true }, orderBy: { email: "asc" } }));
    expect(before.length).toBeGreaterThan(0);

    server = await startServer(env());
    // A second start does not seed again: the credentials file and the users are unchanged.
    expect(server.output()).not.toContain("demo data seeded");
    const creds = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
    expect(creds.baseUrl).not.toBe(`http://localhost:${server.port}`);

    // Commit a change through the running server (a refused sign-in is counted in the
    // database), then kill the server without warning.
    const failedBefore = await countFailures(server.baseUrl, creds.customer.email);
    expect(failedBefore).toBe(true);
    server.child.kill("SIGKILL");
    await server.exited;

    const throttle = await withDb((db) => db.signInThrottle.findUniqueOrThrow({ where: { key: accountKey(creds.customer.email).key } }));
    expect(throttle.failures).toBeGreaterThan(0);
    const after = await withDb((db) => db.user.findMany({ select: { id: true, email: true }, orderBy: { email: "asc" } }));
    expect(after).toEqual(before);

    server = await startServer(env());
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }, 900_000);
});

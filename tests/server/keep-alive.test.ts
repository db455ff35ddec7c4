import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { customerWithKey, resellerWithKey } from "@/lib/api/testing/api-test-kit";
import { makeActiveService, makeVpsSite } from "@/lib/services/testing/service-factories";
import { serveApiFastPath } from "@/server/api-fast-path";
import { DRAIN_LIMIT_BYTES } from "@/server/request-body-stream";

// Early answers must leave a keep-alive connection able to serve the next request: the fast path
// (what npm start serves /v1 with) drains a refused body it did not read, or closes the connection
// with `Connection: close` when the body is too large or of unknown length to drain.

let t: TestDb;
let server: http.Server;
let port: number;
let customer: Awaited<ReturnType<typeof customerWithKey>>;
let suspended: Awaited<ReturnType<typeof customerWithKey>>;
let limited: Awaited<ReturnType<typeof customerWithKey>>;
let reseller: Awaited<ReturnType<typeof resellerWithKey>>;
let terminatedId: string;

beforeAll(async () => {
  t = await createTestDb();
  customer = await customerWithKey(t.db);
  suspended = await customerWithKey(t.db);
  await t.db.clientAccount.update({ where: { id: suspended.account.id }, data: { status: "suspended" } });
  // Rate limits are per key and per hour: with a limit of 1 the second request of `limited` is a 429.
  await t.db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, customerHourlyLimit: 1 }, update: { customerHourlyLimit: 1 } });
  limited = await customerWithKey(t.db);
  reseller = await resellerWithKey(t.db);
  const site = await makeVpsSite(t.db, { nodes: 1 });
  const made = await makeActiveService(t.db, {
    accountId: reseller.account.id,
    productId: site.product.id,
    locationId: site.location.id,
    resellerId: reseller.profile.id,
    hostname: `ka-${randomUUID().slice(0, 6)}.example.com`,
  });
  await t.db.service.update({ where: { id: made.service.id }, data: { status: "terminated" } });
  terminatedId = made.service.id;

  // The same composition as server/main.ts: /healthz first, then the API fast path, then "Next".
  server = http.createServer((req, res) => {
    if (req.url === "/healthz") return void res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    void serveApiFastPath(req, res).then((served) => {
      if (!served) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

function send(agent: http.Agent, method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer; chunks?: Buffer[] } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body, socket: res.socket as Socket }));
    });
    req.on("error", reject);
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else req.end(options.body);
  });
}

const json = (key?: string, extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  ...(key ? { authorization: `Bearer ${key}` } : {}),
  ...extra,
});
const orderBody = JSON.stringify({ items: [{ productId: randomUUID(), billingCycle: "monthly", location: "x", hostname: "a.example.com" }] });

describe("keep-alive after early answers", () => {
  it("404, 401, 403, 413, 429 and the reseller's 401 with unread bodies, then healthz: one socket, every answer right", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answers: Answer[] = [];
      const expectOn = async (answer: Promise<Answer>, status: number) => {
        const a = await answer;
        answers.push(a);
        expect(a.status, a.body).toBe(status);
        expect(a.headers.connection).not.toBe("close");
        return a;
      };

      await expectOn(send(agent, "POST", "/v1/no-such-route", { headers: json(), body: '{"x":1}' }), 404);
      await expectOn(send(agent, "GET", "/healthz"), 200);
      await expectOn(send(agent, "POST", "/v1/orders", { headers: json(), body: orderBody }), 401);
      const suspendedAnswer = await expectOn(send(agent, "POST", "/v1/orders", { headers: json(suspended.plaintext), body: orderBody }), 403);
      expect(JSON.parse(suspendedAnswer.body)).toMatchObject({ success: false, code: "ACCOUNT_SUSPENDED" });
      // Over the 1 MB limit but within what is worth draining: 413, and the connection stays.
      const big = Buffer.alloc(1_500_000, 0x61);
      await expectOn(send(agent, "POST", "/v1/orders", { headers: json(customer.plaintext), body: big }), 413);
      await expectOn(send(agent, "GET", "/v1/account", { headers: json(limited.plaintext) }), 200);
      const limitedAnswer = await expectOn(send(agent, "POST", "/v1/orders", { headers: json(limited.plaintext), body: orderBody }), 429);
      expect(limitedAnswer.headers["retry-after"]).toBeDefined();
      await expectOn(send(agent, "POST", "/v1/reseller/orders", { headers: json(reseller.plaintext), body: orderBody }), 401);
      await expectOn(send(agent, "GET", "/healthz"), 200);

      expect(answers).toHaveLength(9);
      for (const a of answers) expect(a.socket).toBe(answers[0]!.socket);
    } finally {
      agent.destroy();
    }
  });

  it("a body too large to drain (declared, or chunked past the limit) is answered 413 with Connection: close, and a new connection works", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const declared = await send(agent, "POST", "/v1/orders", {
        headers: json(customer.plaintext, { "content-length": String(DRAIN_LIMIT_BYTES + 1) }),
        body: Buffer.alloc(DRAIN_LIMIT_BYTES + 1, 0x61),
      });
      expect(declared.status).toBe(413);
      expect(declared.headers.connection).toBe("close");

      const chunked = await send(agent, "POST", "/v1/orders", { headers: json(customer.plaintext), chunks: Array.from({ length: 3 }, () => Buffer.alloc(600_000, 0x61)) });
      expect(chunked.status).toBe(413);
      expect(chunked.headers.connection).toBe("close");

      const after = await send(agent, "GET", "/healthz");
      expect(after.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("a terminated service's capabilities: 200, every control false, powerActions [] (fresh connection and reused one)", async () => {
    const expected = {
      success: true,
      data: { backend: "vps", power: false, powerActions: [], stats: false, console: false, reinstall: false, password: false, backups: false },
    };
    const path = `/v1/reseller/services/${terminatedId}/capabilities`;
    const fresh = await send(new http.Agent({ keepAlive: false }), "GET", path, { headers: json(reseller.plaintext) });
    expect(fresh.status).toBe(200);
    expect(JSON.parse(fresh.body)).toEqual(expected);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await send(agent, "POST", "/v1/reseller/no-such-route", { headers: json(reseller.plaintext), body: '{"x":1}' });
      const first = await send(agent, "GET", path, { headers: json(reseller.plaintext) });
      const second = await send(agent, "GET", path, { headers: json(reseller.plaintext) });
      expect(second.socket).toBe(first.socket);
      for (const a of [first, second]) {
        expect(a.status).toBe(200);
        expect(JSON.parse(a.body)).toEqual(expected);
      }
    } finally {
      agent.destroy();
    }
  });
});

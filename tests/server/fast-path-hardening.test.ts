import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/lib/testing/test-db";
import { customerWithKey } from "@/lib/api/testing/api-test-kit";
import { createLifecycle } from "@/server/lifecycle";
import { createRequestListener } from "@/server/request-listener";
import { DRAIN_LIMIT_BYTES } from "@/server/request-body-stream";

// The server as server/main.ts composes it (createRequestListener: /healthz, the API fast path,
// then Next, here a stub), on a real socket, against what an adversarial client sends: oversize
// bodies streamed slowly (docs/decisions.md#r10), TRACE, malformed and forged Host headers.

let t: TestDb;
let server: http.Server;
let port: number;
let customer: Awaited<ReturnType<typeof customerWithKey>>;
/** What the server logged through console.error, and what escaped as an uncaught exception or rejection. */
const logged: unknown[][] = [];
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  t = await createTestDb();
  customer = await customerWithKey(t.db);
  const lifecycle = createLifecycle();
  lifecycle.setDbCheck(async () => {});
  lifecycle.ready();
  const next = async (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(404).end();
  server = http.createServer(createRequestListener({ lifecycle, fastPath: true, handler: () => next }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args));
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
});

afterAll(async () => {
  process.off("uncaughtException", onUncaught);
  process.off("unhandledRejection", onUncaught);
  vi.restoreAllMocks();
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t?.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The server logged nothing and threw nothing (checked after every exchange, with the stack when it did). */
function expectQuietServer() {
  expect(logged.map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" "))).toEqual([]);
  expect(uncaught).toEqual([]);
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** An error on the client's socket (ECONNRESET, EPIPE), if any. */
  error: NodeJS.ErrnoException | null;
}

/** A chunked body's data (throws on a truncated one: the answer must arrive whole). */
function dechunk(payload: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const eol = payload.indexOf("\r\n", at);
    if (eol < 0) throw new Error(`truncated chunked body: ${JSON.stringify(payload)}`);
    const size = parseInt(payload.slice(at, eol), 16);
    if (size === 0) return out;
    out += payload.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client on a raw socket that sends the request head, then the body in `chunks` chunks of 64 KiB
 * with a pause after each, reading whatever comes back meanwhile, and keeps sending to the end even
 * once the answer has arrived (as an uploader that only looks at the answer afterwards). Resolves
 * when the server has closed the connection.
 */
function slowUpload(options: { chunks: number; pauseMs: number; contentLength?: number; path?: string }): Promise<RawAnswer> {
  const chunk = Buffer.alloc(65_536, 0x61);
  const declared = options.contentLength;
  const head = [
    `POST ${options.path ?? "/v1/orders"} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${customer.plaintext}`,
    "Content-Type: application/json",
    declared === undefined ? "Transfer-Encoding: chunked" : `Content-Length: ${declared}`,
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    let error: NodeJS.ErrnoException | null = null;
    // allowHalfOpen: the server's FIN after its answer does not stop the upload; only a reset would.
    const socket = net.connect({ host: "127.0.0.1", port, allowHalfOpen: true });
    socket.on("data", (d) => received.push(d));
    socket.on("error", (e) => (error ??= e));
    socket.on("close", () => {
      const raw = Buffer.concat(received).toString("latin1");
      const split = raw.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = (split < 0 ? raw : raw.slice(0, split)).split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      const payload = split < 0 ? "" : raw.slice(split + 4);
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: headers["transfer-encoding"] === "chunked" ? dechunk(payload) : payload, error });
    });
    void (async () => {
      const write = (data: string | Buffer) =>
        new Promise<void>((done) => {
          if (socket.destroyed || !socket.writable) return done();
          socket.write(data, () => done());
        });
      await write(head);
      for (let i = 0; i < options.chunks && !socket.destroyed; i++) {
        await write(declared === undefined ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]) : chunk);
        await wait(options.pauseMs);
      }
      if (declared === undefined) await write("0\r\n\r\n");
      if (!socket.destroyed) socket.end();
    })();
  });
}

const TOO_LARGE = { success: false, error: "Request body too large", code: "PAYLOAD_TOO_LARGE" };

describe("an oversize body streamed slowly", () => {
  it("chunked, 64 KiB chunks with pauses, past the 1 MiB limit: the client reads the whole 413, the connection closes without a reset, the server logs nothing", async () => {
    for (let round = 0; round < 3; round++) {
      const answer = await slowUpload({ chunks: 24, pauseMs: 5 });
      expect(answer.error, `round ${round}`).toBeNull();
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe("close");
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    }
    expectQuietServer();
  });

  it("a declared length too large to drain (refused before a byte is read), streamed the same way: the same", async () => {
    const chunks = Math.ceil((DRAIN_LIMIT_BYTES + 1) / 65_536);
    for (let round = 0; round < 2; round++) {
      const answer = await slowUpload({ chunks, pauseMs: 1, contentLength: chunks * 65_536 });
      expect(answer.error, `round ${round}`).toBeNull();
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe("close");
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    }
    expectQuietServer();
  });

  it("a Node client that stops sending once the answer arrives gets the 413, no error, and the server logs nothing", async () => {
    const answer = await new Promise<{ status: number; body: string; error: Error | null }>((resolve) => {
      let error: Error | null = null;
      let answered = false;
      const req = http.request(
        { host: "127.0.0.1", port, method: "POST", path: "/v1/orders", agent: false, headers: { authorization: `Bearer ${customer.plaintext}`, "content-type": "application/json" } },
        (res) => {
          answered = true;
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, body, error }));
        },
      );
      req.on("error", (e) => {
        error = e;
        if (!answered) resolve({ status: 0, body: "", error });
      });
      void (async () => {
        for (let i = 0; i < 40 && !answered; i++) {
          req.write(Buffer.alloc(65_536, 0x61));
          await wait(5);
        }
        if (!answered) req.end();
      })();
    });
    expect(answer.error).toBeNull();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
    await wait(50);
    expectQuietServer();
  });
});

/** One request with the Host header as given (Node's client would otherwise set it). */
function request(method: string, path: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent: false, setHost: false, headers: { host, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("TRACE", () => {
  it.each([
    ["/v1/", "GET"],
    ["/v1/services", "GET"],
    ["/v1/reseller/services", "GET"],
  ])("TRACE %s is 405 in the envelope with Allow, not 500", async (path, allow) => {
    const answer = await request("TRACE", path, `127.0.0.1:${port}`);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(allow);
    const body = JSON.parse(answer.body);
    if (path.startsWith("/v1/reseller")) expect(body).toEqual({ success: false, error: "Method TRACE is not allowed here" });
    else expect(body).toEqual({ success: false, error: "Method TRACE is not allowed here", code: "METHOD_NOT_ALLOWED" });
    expectQuietServer();
  });

  it("TRACE where no route is (the reseller base path, an unknown path) is 404 in the envelope, as any method there", async () => {
    const reseller = await request("TRACE", "/v1/reseller/", `127.0.0.1:${port}`);
    expect(reseller.status).toBe(404);
    expect(JSON.parse(reseller.body)).toEqual({ success: false, error: "Not found" });
    const unknown = await request("TRACE", "/v1/no-such-route", `127.0.0.1:${port}`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ success: false, error: "Not found", code: "NOT_FOUND" });
    expectQuietServer();
  });
});

describe("the Host header", () => {
  it.each(["a b<>", "[", "example.com/v1/reseller", "x?y"])("a malformed Host (%s) is 400 in the envelope naming the Host, not 500", async (host) => {
    for (const path of ["/v1/services", "/v1/reseller/services"]) {
      const answer = await request("GET", path, host, { authorization: `Bearer ${customer.plaintext}` });
      expect(answer.status, `${host} ${path}`).toBe(400);
      const body = JSON.parse(answer.body);
      const details = [{ field: "Host", message: "The Host header is not a valid host name with an optional port" }];
      if (path.startsWith("/v1/reseller")) expect(body).toEqual({ success: false, error: { message: "Validation failed", details } });
      else expect(body).toEqual({ success: false, error: "Validation failed", code: "BAD_REQUEST", details });
    }
    expectQuietServer();
  });

  it("a forged Host never appears in openapi.json, the docs page, the guide or GET / (customer and reseller)", async () => {
    vi.stubEnv("RACKFRONT_BASE_URL", "");
    vi.stubEnv("RACKFRONT_TRUSTED_HOSTS", "");
    const forged = "evil.example:8443";
    const paths = ["/v1/openapi.json", "/v1/docs", "/v1/guide.md", "/v1/guide", "/v1/reseller/openapi.json", "/v1/reseller/docs", "/v1/reseller/guide.md", "/v1/reseller/guide"];
    for (const path of paths) {
      const answer = await request("GET", path, forged);
      expect(answer.status, path).toBe(200);
      expect(answer.body).not.toContain("evil.example");
    }
    const openapi = JSON.parse((await request("GET", "/v1/openapi.json", forged)).body);
    expect(openapi.servers).toEqual([{ url: "/v1" }]);
    const reseller = JSON.parse((await request("GET", "/v1/reseller/openapi.json", forged)).body);
    expect(reseller.servers).toEqual([{ url: "/v1/reseller" }]);
    const identity = await request("GET", "/v1/", forged, { authorization: `Bearer ${customer.plaintext}` });
    expect(identity.status).toBe(200);
    expect(JSON.parse(identity.body).data.base_url).toBe("/v1");
    expectQuietServer();
  });

  it("a trusted host is used: by default loopback on the listening port; RACKFRONT_TRUSTED_HOSTS replaces the list; RACKFRONT_BASE_URL wins over both", async () => {
    vi.stubEnv("RACKFRONT_BASE_URL", "");
    vi.stubEnv("RACKFRONT_TRUSTED_HOSTS", "");
    vi.stubEnv("PORT", String(port));
    const servers = async (host: string) => JSON.parse((await request("GET", "/v1/openapi.json", host)).body).servers;
    expect(await servers(`127.0.0.1:${port}`)).toEqual([{ url: `http://127.0.0.1:${port}/v1` }]);
    expect(await servers(`localhost:${port}`)).toEqual([{ url: `http://localhost:${port}/v1` }]);
    expect(await servers(`localhost:${port + 1}`)).toEqual([{ url: "/v1" }]);
    expect(await servers("portal.example")).toEqual([{ url: "/v1" }]);

    vi.stubEnv("RACKFRONT_TRUSTED_HOSTS", "portal.example, api.example:8443");
    expect(await servers("portal.example")).toEqual([{ url: "http://portal.example/v1" }]);
    expect(await servers("PORTAL.example:8080")).toEqual([{ url: "http://portal.example:8080/v1" }]);
    expect(await servers("api.example:8443")).toEqual([{ url: "http://api.example:8443/v1" }]);
    expect(await servers("api.example")).toEqual([{ url: "/v1" }]);
    expect(await servers(`127.0.0.1:${port}`)).toEqual([{ url: "/v1" }]);

    vi.stubEnv("RACKFRONT_BASE_URL", "https://portal.example.com/");
    expect(await servers("evil.example")).toEqual([{ url: "https://portal.example.com/v1" }]);
    expectQuietServer();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddressPolicy } from "./address-policy";
import type { Resolver } from "./resolver";
import { sendWebhookRequest, WEBHOOK_RESPONSE_READ_LIMIT, type SendWebhookOptions } from "./send-webhook-request";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/webhook-receiver";

// Loopback receivers are reachable only through the test allow list; the SSRF cases use the
// production policy (no allow list) and check the receiver saw no connection at all.
const testing = createAddressPolicy({ allow: ["127.0.0.1"] });
const production = createAddressPolicy();
const noDns: Resolver = async (host) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};

let receiver: WebhookReceiver;
let other: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  other = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await other?.close();
});

const send = (options: Partial<SendWebhookOptions> & { url: string }) =>
  sendWebhookRequest({ headers: { "Content-Type": "application/json" }, body: "{}", policy: testing, resolve: noDns, timeoutMs: 5_000, ...options });

describe("sendWebhookRequest", () => {
  it("succeeds on a 2xx and keeps the first bytes of the answer", async () => {
    receiver.setHandler((_req, res) => res.writeHead(204).end());
    expect(await send({ url: receiver.url })).toMatchObject({ ok: true, statusCode: 204, error: null, responseSnippet: null });
    receiver.setHandler((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("thanks"));
    const result = await send({ url: receiver.url, body: '{"a":1}' });
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseSnippet: "thanks", bytesRead: 6 });
    expect(receiver.received.at(-1)).toMatchObject({ method: "POST", url: "/hook", body: '{"a":1}' });
  });

  it("fails on any other status", async () => {
    receiver.setHandler((_req, res) => res.writeHead(500).end("boom"));
    expect(await send({ url: receiver.url })).toMatchObject({ ok: false, statusCode: 500, error: "Answered 500", responseSnippet: "boom" });
    receiver.setHandler((_req, res) => res.writeHead(410).end());
    expect(await send({ url: receiver.url })).toMatchObject({ ok: false, statusCode: 410, error: "Answered 410" });
  });

  it.each([301, 302, 303, 307, 308])("never follows a %i redirect, even to loopback, and counts it as a failure", async (status) => {
    const before = other.connections();
    receiver.setHandler((_req, res) => res.writeHead(status, { location: `http://127.0.0.1:${other.port}/internal` }).end());
    const result = await send({ url: receiver.url });
    expect(result).toMatchObject({ ok: false, statusCode: status, error: `Redirect (${status} to http://127.0.0.1:${other.port}/internal) not followed` });
    expect(other.connections()).toBe(before);
  });

  it("reads at most the first 64 KB of an endless answer, then hangs up", async () => {
    let hungUp!: () => void;
    const closed = new Promise<void>((resolve) => (hungUp = resolve));
    receiver.setHandler((_req, res) => {
      res.on("close", hungUp);
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(16 * 1024, "x");
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    });
    // A deadline far beyond the test's own timeout: only the read limit can end this send.
    const result = await send({ url: receiver.url, timeoutMs: 600_000 });
    expect(result).toMatchObject({ ok: true, statusCode: 200, bytesRead: WEBHOOK_RESPONSE_READ_LIMIT });
    expect(result.responseSnippet).toHaveLength(4096);
    // The sender dropped the connection (the receiver would otherwise pump forever).
    await closed;
  });

  it("gives up after the (injected) timeout and hangs up", async () => {
    let hungUp!: () => void;
    const closed = new Promise<void>((resolve) => (hungUp = resolve));
    receiver.setHandler((_req, res) => {
      // never answers
      res.on("close", hungUp);
    });
    const result = await send({ url: receiver.url, timeoutMs: 300 });
    // Only the deadline produces this sentence (a hang would end in the test's own timeout instead).
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "No response within 0.3 s" });
    // Not before the injected deadline (a lower bound: how much later the machine got to it does not matter).
    expect(result.durationMs).toBeGreaterThanOrEqual(295);
    // The connection is dropped, so a silent receiver does not hold a worker.
    await closed;
  });

  it("a 2xx whose body is cut off by the deadline still counts as delivered", async () => {
    receiver.setHandler((_req, res) => {
      res.writeHead(200);
      res.write("partial");
    });
    expect(await send({ url: receiver.url, timeoutMs: 300 })).toMatchObject({ ok: true, statusCode: 200, responseSnippet: "partial" });
  });

  it("reports a refused connection and an unresolvable host as failures", async () => {
    const closed = await startWebhookReceiver();
    const port = closed.port;
    await closed.close();
    expect(await send({ url: `http://127.0.0.1:${port}/hook` })).toMatchObject({ ok: false, error: "Connection refused" });
    expect(await send({ url: "https://nowhere.example.org/hook", policy: production })).toMatchObject({ ok: false, error: "Host could not be resolved" });
  });

  it("dials a name through the guarded lookup when it resolves to an allowed address", async () => {
    receiver.setHandler((_req, res) => res.end("ok"));
    const local: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    expect(await send({ url: `http://receiver.example.com:${receiver.port}/hook`, resolve: local })).toMatchObject({ ok: true, statusCode: 200 });
    expect(receiver.received.at(-1)?.headers.host).toBe(`receiver.example.com:${receiver.port}`);
  });
});

describe("SSRF at delivery (reliability-anchors §4.1), with the production policy", () => {
  const port = () => receiver.port;
  const loopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];

  it.each([
    [() => `http://127.0.0.1:${port()}/hook`, "Refused: 127.0.0.1 is a loopback address"],
    [() => `http://2130706433:${port()}/hook`, "Refused: 127.0.0.1 is a loopback address"],
    [() => `http://0177.0.0.1:${port()}/hook`, "Refused: 127.0.0.1 is a loopback address"],
    [() => `http://0x7f.0.0.1:${port()}/hook`, "Refused: 127.0.0.1 is a loopback address"],
    [() => `http://127.1:${port()}/hook`, "Refused: 127.0.0.1 is a loopback address"],
    [() => `http://[::ffff:127.0.0.1]:${port()}/hook`, "Refused: [::ffff:7f00:1] is an IPv4-mapped IPv6 address"],
    [() => `http://[::7f00:1]:${port()}/hook`, "Refused: [::7f00:1] is an IPv4-compatible IPv6 address"],
    [() => `http://[::1]:${port()}/hook`, "Refused: [::1] is a loopback address"],
    [() => `http://0.0.0.0:${port()}/hook`, "Refused: 0.0.0.0 is an unspecified address"],
    [() => `http://localhost:${port()}/hook`, "Refused: localhost is not a public domain name"],
    [() => `http://localhost.:${port()}/hook`, "Refused: localhost is not a public domain name"],
    [() => `http://169.254.169.254./latest/meta-data/`, "Refused: 169.254.169.254 is a link-local address"],
  ])("refuses a stored %s before connecting", async (url, error) => {
    const before = receiver.connections();
    expect(await send({ url: url(), policy: production, resolve: loopback })).toMatchObject({ ok: false, statusCode: null, error });
    expect(receiver.connections()).toBe(before);
  });

  it("checks the address actually dialled: a rebinding resolver (public, then 127.0.0.1) is caught at connect time", async () => {
    let calls = 0;
    // Only the second answer is ever dialled; the first (public) one is what a pre-flight check would have seen.
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: "93.184.215.14", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]);
    await rebinding("rebind.example.net"); // the submission-time look-up
    const before = receiver.connections();
    const result = await send({ url: `http://rebind.example.net:${port()}/hook`, policy: production, resolve: rebinding });
    expect(result).toMatchObject({ ok: false, error: "Refused: rebind.example.net resolves to 127.0.0.1, a loopback address" });
    expect(receiver.connections()).toBe(before);
    expect(calls).toBe(2);
  });

  it("refuses a mixed answer (public and private) whole, and names that resolve to mapped or private addresses", async () => {
    const before = receiver.connections();
    const mixed: Resolver = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    expect(await send({ url: `http://mixed.example.net:${port()}/`, policy: production, resolve: mixed })).toMatchObject({
      ok: false,
      error: "Refused: mixed.example.net resolves to 10.0.0.5, a private address",
    });
    const mapped: Resolver = async () => [{ address: "::ffff:127.0.0.1", family: 6 }];
    expect(await send({ url: `http://mapped.example.net:${port()}/`, policy: production, resolve: mapped })).toMatchObject({
      ok: false,
      error: "Refused: mapped.example.net resolves to ::ffff:127.0.0.1, an IPv4-mapped IPv6 address",
    });
    expect(await send({ url: `http://nip.example.net:${port()}/`, policy: production, resolve: loopback })).toMatchObject({
      ok: false,
      error: "Refused: nip.example.net resolves to 127.0.0.1, a loopback address",
    });
    expect(receiver.connections()).toBe(before);
  });

  it("refuses credentials and other schemes stored in the URL", async () => {
    expect(await send({ url: `http://a:b@127.0.0.1:${port()}/`, policy: production })).toMatchObject({ ok: false, error: "The webhook URL contains credentials" });
    expect(await send({ url: "file:///etc/passwd", policy: production })).toMatchObject({ ok: false, error: "The webhook URL is not http(s)" });
  });
});

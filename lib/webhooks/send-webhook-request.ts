import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { normalizeHost, type AddressPolicy } from "./address-policy";
import type { Resolver } from "./resolver";

/** Success = 2xx within this (the reseller API spec Limits). */
export const WEBHOOK_TIMEOUT_MS = 30_000;
/** Only this much of a response body is read (the reseller API spec Limits). */
export const WEBHOOK_RESPONSE_READ_LIMIT = 64 * 1024;
/** How much of what was read is kept on the attempt row. */
export const WEBHOOK_RESPONSE_SNIPPET_BYTES = 4 * 1024;

export interface WebhookSendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The first bytes of the body (at most WEBHOOK_RESPONSE_SNIPPET_BYTES), UTF-8 decoded. */
  responseSnippet: string | null;
  /** Body bytes read, never more than the read limit. */
  bytesRead: number;
}

export interface SendWebhookOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: AddressPolicy;
  resolve: Resolver;
  timeoutMs?: number;
  readLimit?: number;
  /** A keep-alive agent from `createWebhookAgent` (one per reseller and sweep); none = a fresh connection. */
  agent?: http.Agent;
}

/**
 * The agent one reseller's deliveries share during one sweep: one connection at a time, kept open
 * between attempts when the receiver allows it (saves a TCP and TLS handshake per delivery). The
 * guarded lookup runs for every new connection, so every address dialled is still checked; an
 * open connection stays with the address it was checked for. The sweep destroys it when done.
 */
export function createWebhookAgent(url: string): http.Agent {
  const options = { keepAlive: true, maxSockets: 1, maxFreeSockets: 1, keepAliveMsecs: 1_000, scheduling: "lifo" as const };
  return url.startsWith("https:") ? new https.Agent(options) : new http.Agent(options);
}

class AddressRefusedError extends Error {
  readonly code = "WEBHOOK_ADDRESS_REFUSED";
}

class NotResolvedError extends Error {
  readonly code = "WEBHOOK_NOT_RESOLVED";
}

class DeadlineError extends Error {
  readonly code = "WEBHOOK_TIMEOUT";
}

/**
 * The `lookup` the socket uses: resolves with the injected resolver and checks every address before
 * the socket connects, so the address checked is the address dialled (a rebinding resolver cannot
 * answer one thing to a pre-flight check and another to the connection). A mixed answer — one public,
 * one private address — is refused whole.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        if (answers.length === 0) return callback(new NotResolvedError("Host could not be resolved"), "", 0);
        for (const a of answers) {
          const verdict = policy.checkAddress(a.address);
          if (!verdict.allowed) {
            return callback(new AddressRefusedError(`Refused: ${normalizeHost(hostname)} resolves to ${a.address}, ${verdict.reason}`), "", 0);
          }
        }
        const wanted = options.family === 4 || options.family === 6 ? answers.filter((a) => a.family === options.family) : answers;
        if (wanted.length === 0) return callback(new NotResolvedError("Host could not be resolved"), "", 0);
        if (options.all) return callback(null, wanted.map((a) => ({ address: a.address, family: a.family })));
        return callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      () => callback(new NotResolvedError("Host could not be resolved"), "", 0),
    );
  };
}

function describeError(err: unknown, timeoutMs: number): string {
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case "WEBHOOK_ADDRESS_REFUSED":
    case "WEBHOOK_NOT_RESOLVED":
      return e.message;
    case "WEBHOOK_TIMEOUT":
      return `No response within ${timeoutMs / 1000} s`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "Host could not be resolved";
    case "ECONNREFUSED":
      return "Connection refused";
    case "ECONNRESET":
      return "Connection reset by the receiver";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "Host unreachable";
    default:
      if (e?.code && /CERT|SSL|TLS/i.test(e.code)) return `TLS error: ${e.message}`;
      return e instanceof Error ? e.message : String(err);
  }
}

function snippetOf(chunks: Buffer[], bytes: number): string | null {
  if (bytes === 0) return null;
  const head = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_SNIPPET_BYTES);
  // Postgres text cannot hold NUL.
  return head.toString("utf8").replace(/\u0000/g, "\uFFFD");
}

/**
 * One POST of a webhook. Never follows a redirect (node:http does not) and never throws: every
 * outcome is a result. A 2xx within the deadline is success; any other status, a redirect, a timeout,
 * a refused or unresolvable address, or a connection error is a failure. At most `readLimit` bytes of
 * the body are read, then the connection is dropped. Proxy variables of the environment are not used.
 */
export function sendWebhookRequest(options: SendWebhookOptions): Promise<WebhookSendResult> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const readLimit = options.readLimit ?? WEBHOOK_RESPONSE_READ_LIMIT;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string, statusCode: number | null = null): WebhookSendResult => ({
    ok: false,
    statusCode,
    error,
    durationMs: elapsed(),
    responseSnippet: null,
    bytesRead: 0,
  });

  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return Promise.resolve(fail("The webhook URL is not a valid URL"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.resolve(fail("The webhook URL is not http(s)"));
  if (url.username || url.password) return Promise.resolve(fail("The webhook URL contains credentials"));
  const host = normalizeHost(url.hostname);
  // Node does not call `lookup` for an IP literal, so a literal is checked here.
  if (isIP(host)) {
    const verdict = options.policy.checkAddress(host);
    if (!verdict.allowed) return Promise.resolve(fail(`Refused: ${url.hostname} is ${verdict.reason}`));
  } else {
    const problem = options.policy.checkHostName(host);
    if (problem) return Promise.resolve(fail(`Refused: ${problem}`));
  }

  return new Promise<WebhookSendResult>((resolve) => {
    let settled = false;
    const finish = (result: WebhookSendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request({
      method: "POST",
      protocol: url.protocol,
      hostname: host,
      port: url.port ? Number(url.port) : undefined,
      path: `${url.pathname}${url.search}`,
      headers: options.headers,
      agent: options.agent ?? false,
      lookup: guardedLookup(options.policy, options.resolve),
      servername: isIP(host) ? undefined : host,
    });
    const timer = setTimeout(() => request.destroy(new DeadlineError("timeout")), timeoutMs);

    // Once the status is known, a body cut short (deadline, reset) still leaves the outcome decided by it.
    let responded: (() => void) | null = null;
    request.on("error", (err) => (responded ? responded() : finish(fail(describeError(err, timeoutMs)))));
    request.on("response", (response) => {
      const statusCode = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let bytes = 0;
      // `complete`: the body was read to its end, so the connection may serve the next attempt.
      let handled = false;
      const done = (complete = false) => {
        if (handled) return;
        handled = true;
        const ok = statusCode >= 200 && statusCode < 300;
        let error: string | null = null;
        if (statusCode >= 300 && statusCode < 400) {
          const location = response.headers.location;
          error = `Redirect (${statusCode}${location ? ` to ${location}` : ""}) not followed`;
        } else if (!ok) error = `Answered ${statusCode}`;
        finish({ ok, statusCode, error, durationMs: elapsed(), responseSnippet: snippetOf(chunks, bytes), bytesRead: bytes });
        if (!complete || !options.agent) {
          response.destroy();
          request.destroy();
        }
      };
      response.on("data", (chunk: Buffer) => {
        if (settled) return;
        const room = readLimit - bytes;
        const part = chunk.byteLength > room ? chunk.subarray(0, room) : chunk;
        chunks.push(part);
        bytes += part.byteLength;
        if (bytes >= readLimit) done();
      });
      responded = () => done();
      response.on("end", () => done(true));
      response.on("aborted", () => done());
      response.on("error", () => done());
      response.on("close", () => done());
    });
    request.end(options.body);
  });
}

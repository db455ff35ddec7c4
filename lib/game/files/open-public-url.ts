import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { DomainError } from "@/lib/errors/domain-error";
import { normalizeHost, webhookAddressPolicy, type AddressPolicy } from "@/lib/webhooks/address-policy";
import { systemResolver, type Resolver } from "@/lib/webhooks/resolver";
import { guardedLookup } from "@/lib/webhooks/send-webhook-request";
import { DOWNLOAD_URL_CONNECT_TIMEOUT_MS, DOWNLOAD_URL_MAX_REDIRECTS, GAME_FILE_CODES } from "./game-file-rules";

export interface OpenedUrl {
  /** The response body, not read yet. */
  body: IncomingMessage;
  /** Content-Length, when the server sent one. */
  size: number | null;
  /** The URL that answered 200 (after redirects). */
  url: URL;
}

export interface OpenPublicUrlOptions {
  policy?: AddressPolicy;
  resolve?: Resolver;
  connectTimeoutMs?: number;
  maxRedirects?: number;
  /** Aborts the whole transfer (the caller's overall deadline). */
  signal?: AbortSignal;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const refused = (message: string) => new DomainError("invalid", message, { code: GAME_FILE_CODES.urlRefused });
const failed = (message: string) => new DomainError("invalid", message, { code: GAME_FILE_CODES.urlFailed });

/**
 * A GET of a URL on the public internet, with the webhooks' SSRF defence (lib/webhooks): http(s) only,
 * no credentials in the URL, public unicast addresses only, checked on the address the socket dials
 * (`guardedLookup`, so a rebinding resolver cannot answer one thing to a check and another to the
 * connection). Redirects are followed up to `maxRedirects`, each hop checked like the first URL.
 * Proxy variables are not used. Refusals and failures are 400 with a sentence naming the cause.
 */
export async function openPublicUrl(input: string, options: OpenPublicUrlOptions = {}): Promise<OpenedUrl> {
  const policy = options.policy ?? webhookAddressPolicy();
  const resolve = options.resolve ?? systemResolver;
  const maxRedirects = options.maxRedirects ?? DOWNLOAD_URL_MAX_REDIRECTS;
  let url = parseUrl(input);
  for (let hop = 0; ; hop++) {
    const response = await get(url, policy, resolve, options.connectTimeoutMs ?? DOWNLOAD_URL_CONNECT_TIMEOUT_MS, options.signal);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw failed(`The URL answered ${status} without a Location`);
      if (hop >= maxRedirects) throw failed(`The URL redirected more than ${maxRedirects} times`);
      url = parseUrl(location, url);
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw failed(`The URL answered ${status}, not 200`);
    }
    const length = response.headers["content-length"];
    return { body: response, size: length !== undefined && /^\d+$/.test(length) ? Number(length) : null, url };
  }
}

/** The URL rules checked before anything is dialled: a URL, http(s), no credentials. */
export function parseUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw refused(base ? "The URL redirected to something that is not a URL" : "url is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refused(`Only http and https URLs can be downloaded, not ${url.protocol.replace(/:$/, "")}`);
  if (url.username || url.password) throw refused("The URL may not contain a user name or password");
  return url;
}

function get(url: URL, policy: AddressPolicy, resolve: Resolver, connectTimeoutMs: number, signal: AbortSignal | undefined): Promise<IncomingMessage> {
  const host = normalizeHost(url.hostname);
  // Node does not call `lookup` for an IP literal, so a literal is checked here.
  if (isIP(host)) {
    const verdict = policy.checkAddress(host);
    if (!verdict.allowed) return Promise.reject(refused(`Refused: ${url.hostname} is ${verdict.reason}`));
  } else {
    const problem = policy.checkHostName(host);
    if (problem) return Promise.reject(refused(`Refused: ${problem}`));
  }
  return new Promise((resolvePromise, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request({
      method: "GET",
      protocol: url.protocol,
      hostname: host,
      port: url.port ? Number(url.port) : undefined,
      path: `${url.pathname}${url.search}`,
      headers: { "user-agent": "Rackfront-File-Download/1.0", accept: "*/*" },
      agent: false,
      lookup: guardedLookup(policy, resolve),
      servername: isIP(host) ? undefined : host,
      signal,
    });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error("timeout"), { code: "CONNECT_TIMEOUT" })), connectTimeoutMs);
    request.on("response", (response) => {
      clearTimeout(timer);
      resolvePromise(response);
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(describe(error, connectTimeoutMs));
    });
    request.end();
  });
}

function describe(error: NodeJS.ErrnoException, connectTimeoutMs: number): DomainError {
  switch (error.code) {
    case "WEBHOOK_ADDRESS_REFUSED":
      return refused(error.message);
    case "WEBHOOK_NOT_RESOLVED":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return failed("The URL's host could not be resolved");
    case "CONNECT_TIMEOUT":
      return failed(`The URL did not answer within ${connectTimeoutMs / 1000} s`);
    case "ABORT_ERR":
      return failed("The download took too long");
    case "ECONNREFUSED":
      return failed("The URL's server refused the connection");
    default:
      if (error.code && /CERT|SSL|TLS/i.test(error.code)) return failed("The URL's TLS certificate could not be verified");
      return failed("The URL could not be fetched");
  }
}

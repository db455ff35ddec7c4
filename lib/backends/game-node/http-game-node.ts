import { Readable } from "node:stream";
import { signConsoleToken, verifyConsoleToken, CONSOLE_TOKEN_TTL_SECONDS, type ConsolePermission } from "@/game-node/protocol/console-token";
import type { FileEntryView, FileOp, NodeErrorBody, NodeSystemView, ServerDefinition, ServerStatusView } from "@/game-node/protocol/node-api";
import { BackendError } from "../backend-error";
import type { GameNodeDriver } from "./game-node-driver";
import { GameNodeError } from "./game-node-error";

export interface HttpGameNodeEndpoint {
  nodeId: string;
  /** The node API's base URL, e.g. `http://10.0.0.5:8480`. */
  url: string;
  token: string;
  sftpHost: string;
  sftpPort: number;
  /** Per request; a hung node must not hold a portal request for ever. */
  timeoutMs?: number;
}

/** The node API over HTTP (docs/game-servers.md#node-api). */
export function createHttpGameNode(endpoint: HttpGameNodeEndpoint): GameNodeDriver {
  const base = endpoint.url.replace(/\/$/, "");
  const timeoutMs = endpoint.timeoutMs ?? 15_000;
  const serverPath = (id: string, rest = "") => `/api/servers/${encodeURIComponent(id)}${rest}`;

  async function call(method: string, path: string, init: { json?: unknown; body?: BodyInit | Readable | Buffer; query?: Record<string, string>; timeoutMs?: number } = {}): Promise<Response> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { authorization: `Bearer ${endpoint.token}` };
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.body instanceof Readable) {
      headers["content-type"] = "application/octet-stream";
      body = Readable.toWeb(init.body) as unknown as BodyInit;
    } else if (init.body !== undefined) {
      headers["content-type"] = "application/octet-stream";
      body = init.body as BodyInit;
    }
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(init.timeoutMs ?? timeoutMs), ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
    } catch (error) {
      throw new BackendError("provider_unreachable", `Game node ${endpoint.nodeId} did not answer ${method} ${path}: ${(error as Error).message}`, { cause: error });
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => "");
    let parsed: NodeErrorBody | null = null;
    try {
      parsed = JSON.parse(text) as NodeErrorBody;
    } catch {
      parsed = null;
    }
    if (response.status >= 500 || !parsed?.error) {
      throw new BackendError("unknown", `Game node ${endpoint.nodeId} answered ${response.status} to ${method} ${path}: ${text.slice(0, 300)}`);
    }
    if (response.status === 401) throw new BackendError("configuration", `Game node ${endpoint.nodeId} refused the portal's node token`);
    throw new GameNodeError(response.status, parsed.error.code, parsed.error.message, { fileCode: parsed.error.fileCode, field: parsed.error.field });
  }

  const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;

  return {
    nodeId: endpoint.nodeId,
    system: () => json<NodeSystemView>(call("GET", "/api/system")),
    putServer: (id, definition: ServerDefinition) => json<ServerStatusView>(call("PUT", serverPath(id), { json: definition })),
    getServer: (id) => json<ServerStatusView>(call("GET", serverPath(id))),
    deleteServer: async (id) => {
      await call("DELETE", serverPath(id));
    },
    power: (id, action) => json<{ from: string; to: string }>(call("POST", serverPath(id, "/power"), { json: { action } })),
    sendCommand: async (id, command) => {
      await call("POST", serverPath(id, "/commands"), { json: { command } });
    },
    setSftpCredentials: async (id, credentials) => {
      await call("PUT", serverPath(id, "/sftp"), { json: credentials });
    },
    listFiles: (id, path) => json<FileEntryView[]>(call("GET", serverPath(id, "/files/list"), { query: { path } })),
    readTextFile: async (id, path) => (await call("GET", serverPath(id, "/files/contents"), { query: { path } })).text(),
    downloadFile: async (id, path) => {
      const response = await call("GET", serverPath(id, "/files/download"), { query: { path } });
      const length = response.headers.get("content-length");
      return { body: response.body!, size: length === null ? null : Number(length) };
    },
    writeRawFile: async (id, path, body, options = {}) => {
      await call("PUT", serverPath(id, "/files/raw"), { query: { path }, body, timeoutMs: options.timeoutMs });
    },
    fileOp: (id, op: FileOp, body) => json<Record<string, unknown>>(call("POST", serverPath(id, `/files/${op}`), { json: body })),
    consoleToken: (id, perms: ConsolePermission[], ttlSeconds = CONSOLE_TOKEN_TTL_SECONDS) =>
      signConsoleToken(endpoint.token, { sid: id, exp: Math.floor(Date.now() / 1000) + ttlSeconds, perms }),
    acceptsConsoleToken: (id, token) => {
      const check = verifyConsoleToken(endpoint.token, token);
      return check.ok && check.claims.sid === id;
    },
    consoleSocketUrl: (id, token) => {
      const url = new URL(base + serverPath(id, "/ws"));
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      url.searchParams.set("token", token);
      return url.toString();
    },
    sftpEndpoint: () => ({ host: endpoint.sftpHost, port: endpoint.sftpPort }),
  };
}

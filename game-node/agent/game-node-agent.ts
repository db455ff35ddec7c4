// The game node agent (docs/game-servers.md#agent): the node API over HTTP and the console websocket
// on one port, the servers' records under `dataDir/servers/` and their folders under `dataDir/volumes/`.
// Like Wings beside Pterodactyl, it knows nothing of the portal's database: the portal drives it.
import { promises as fsp } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { WebSocket, WebSocketServer } from "ws";
import { verifySftpPassword } from "../protocol/sftp-password";
import { DEFAULT_NODE_API_PORT, DEFAULT_NODE_SFTP_PORT } from "../protocol/node-api";
import type { ServerRoot } from "../files/server-root";
import type { GameTemplate } from "../templates/template-types";
import { handleConsoleUpgrade, MAX_CLIENT_FRAME_BYTES } from "./console-socket";
import type { EnsureRuntime, ServerContext } from "./managed-server";
import { createNodeRouter } from "./node-router";
import { ServerRegistry } from "./server-registry";
import { ServerStore } from "./server-store";

export const AGENT_VERSION = "0.1.0";

export interface GameNodeAgentOptions {
  dataDir: string;
  /** The secret the portal sends as `Authorization: Bearer`; console tokens are signed with a key derived from it. */
  nodeToken: string;
  templates: GameTemplate[];
  /** Where template runtimes are cached (default `<dataDir>/runtimes`); given to `ensureRuntime`'s implementation by main.ts. */
  runtimeDir?: string;
  /** Installs a template's runtime; without it, a template that needs one fails to install with a sentence. */
  ensureRuntime?: EnsureRuntime;
  /** Exact browser origins the console websocket accepts; unset: any origin (the console token still decides). */
  allowedOrigins?: string[];
  /** How often `stats` go to console viewers (default 2000 ms). */
  statsIntervalMs?: number;
  host?: string;
  /** Default 8480; 0 picks a free port. */
  port?: number;
  /** Reported in `GET /api/system` (the SFTP server listens there). */
  sftpPort?: number;
  /** A viewer whose socket holds more than this unsent is closed with 4008 (default 1 MiB). */
  maxViewerBufferBytes?: number;
  log?: (line: string) => void;
}

/** How often console sockets are pinged; one that has not answered the previous ping is cut. */
const HEARTBEAT_MS = 30_000;

export class GameNodeAgent {
  readonly runtimeDir: string;
  private readonly store: ServerStore;
  private readonly registry: ServerRegistry;
  private readonly templates: ReadonlyMap<string, GameTemplate>;
  private readonly log: (line: string) => void;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES });
  private http: Server | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(private readonly options: GameNodeAgentOptions) {
    if (options.nodeToken.length < 32) throw new Error("the node token must be at least 32 characters");
    this.log = options.log ?? ((line) => console.log(line));
    this.runtimeDir = options.runtimeDir ?? path.join(options.dataDir, "runtimes");
    this.templates = new Map(options.templates.map((template) => [template.id, template]));
    this.store = new ServerStore(path.join(options.dataDir, "servers"));
    const ctx: ServerContext = {
      store: this.store,
      templates: this.templates,
      ensureRuntime: options.ensureRuntime ?? null,
      statsIntervalMs: options.statsIntervalMs ?? 2000,
      log: this.log,
      isClosing: () => this.closing,
    };
    this.registry = new ServerRegistry(ctx, path.join(options.dataDir, "volumes"));
  }

  /** Loads the stored servers, listens, then resumes installs and starts the servers that were running. */
  async start(): Promise<{ port: number }> {
    await fsp.mkdir(this.options.dataDir, { recursive: true, mode: 0o700 });
    await fsp.mkdir(path.join(this.options.dataDir, "volumes"), { recursive: true, mode: 0o750 });
    await fsp.mkdir(this.runtimeDir, { recursive: true, mode: 0o750 });
    await this.store.init();
    await this.registry.load();

    const allowedOrigins = this.options.allowedOrigins ? this.options.allowedOrigins.map((origin) => new URL(origin).origin) : null;
    const router = createNodeRouter({
      nodeToken: this.options.nodeToken,
      version: AGENT_VERSION,
      sftpPort: this.options.sftpPort ?? DEFAULT_NODE_SFTP_PORT,
      templates: this.templates,
      registry: this.registry,
      log: this.log,
    });
    // No overall request timeout: a raw upload may stream for long. The headers still have to come quickly.
    const http = createServer({ requestTimeout: 0, headersTimeout: 30_000 }, router);
    const consoleContext = {
      nodeToken: this.options.nodeToken,
      registry: this.registry,
      allowedOrigins,
      maxViewerBufferBytes: this.options.maxViewerBufferBytes ?? 1024 * 1024,
      wss: this.wss,
    };
    http.on("upgrade", (req, socket, head) => {
      if (this.closing || !handleConsoleUpgrade(consoleContext, req, socket, head)) socket.destroy();
    });
    this.http = http;
    await new Promise<void>((resolve, reject) => {
      http.once("error", reject);
      http.listen(this.options.port ?? DEFAULT_NODE_API_PORT, this.options.host ?? "127.0.0.1", () => {
        http.off("error", reject);
        resolve();
      });
    });
    this.startHeartbeat();
    this.registry.resumeAll();
    return { port: (http.address() as AddressInfo).port };
  }

  /** Stops accepting, closes viewers, stops every server gracefully (they stay marked running for the next start). */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    const closed = this.http ? new Promise<void>((resolve) => this.http!.close(() => resolve())) : Promise.resolve();
    await this.registry.shutdown();
    for (const client of this.wss.clients) client.terminate();
    this.http?.closeAllConnections();
    await closed;
  }

  /** For the SFTP server: the server id a login belongs to, or null (wrong user name or password). */
  async authenticateSftp(username: string, password: string): Promise<string | null> {
    const server = this.registry.bySftpUsername(username);
    if (!server?.sftp) return null;
    return (await verifySftpPassword(password, server.sftp.passwordHash).catch(() => false)) ? server.id : null;
  }

  /** The one ServerRoot of a server (the HTTP API's), so SFTP shares its quota queue; null when it does not exist. */
  serverRoot(id: string): ServerRoot | null {
    return this.registry.get(id)?.root ?? null;
  }

  private startHeartbeat(): void {
    const alive = new WeakSet<WebSocket>();
    this.wss.on("connection", (ws) => {
      alive.add(ws);
      ws.on("pong", () => alive.add(ws));
    });
    this.heartbeat = setInterval(() => {
      for (const ws of this.wss.clients) {
        if (!alive.has(ws)) {
          ws.terminate();
          continue;
        }
        alive.delete(ws);
        if (ws.readyState === WebSocket.OPEN) ws.ping();
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }
}

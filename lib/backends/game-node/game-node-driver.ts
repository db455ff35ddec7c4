import type { Readable } from "node:stream";
import type { FileEntryView, FileOp, NodeSystemView, ServerDefinition, ServerStatusView } from "@/game-node/protocol/node-api";
import type { ConsolePermission } from "@/game-node/protocol/console-token";

/**
 * How the portal drives one game node (docs/game-servers.md#portal). The HTTP driver speaks the node
 * API; every method throws `GameNodeError` for the node's refusals and `BackendError`
 * (`provider_unreachable`) when the node cannot be reached.
 */
export interface GameNodeDriver {
  readonly nodeId: string;
  system(): Promise<NodeSystemView>;
  putServer(serverId: string, definition: ServerDefinition): Promise<ServerStatusView>;
  getServer(serverId: string): Promise<ServerStatusView>;
  deleteServer(serverId: string): Promise<void>;
  power(serverId: string, action: string): Promise<{ from: string; to: string }>;
  sendCommand(serverId: string, command: string): Promise<void>;
  setSftpCredentials(serverId: string, credentials: { username: string; passwordHash: string }): Promise<void>;
  listFiles(serverId: string, path: string): Promise<FileEntryView[]>;
  readTextFile(serverId: string, path: string): Promise<string>;
  downloadFile(serverId: string, path: string): Promise<{ body: ReadableStream<Uint8Array>; size: number | null }>;
  /** A body of any length into one file (its folder must exist); `timeoutMs` replaces the per-request timeout for long transfers. */
  writeRawFile(serverId: string, path: string, body: Readable | Buffer, options?: { timeoutMs?: number }): Promise<void>;
  fileOp(serverId: string, op: FileOp, body: unknown): Promise<Record<string, unknown>>;
  /** A console token for the node's websocket (docs/game-servers.md#console-tokens). */
  consoleToken(serverId: string, perms: ConsolePermission[], ttlSeconds?: number): string;
  /** True when the token is this node's console token for that server and unexpired (the relay's check before it dials). */
  acceptsConsoleToken(serverId: string, token: string): boolean;
  /** Where the node's own websocket is (the portal relays browsers to it). */
  consoleSocketUrl(serverId: string, token: string): string;
  /** Where customers connect with SFTP. */
  sftpEndpoint(): { host: string; port: number };
}

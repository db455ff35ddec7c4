// The contract between the portal and a game node (docs/game-servers.md#node-api). Both sides import
// these types and schemas, so the node's HTTP API, the portal's driver and the public APIs' game file
// bodies are one shape. Plain TypeScript + zod: nothing here touches the disk or the network.
import { z } from "zod";
import type { LastExit } from "../process/game-process";
import type { PowerState } from "../process/power-states";

/** Default ports of an agent started with `npm run game-node`. */
export const DEFAULT_NODE_API_PORT = 8480;
export const DEFAULT_NODE_SFTP_PORT = 2022;

/** The largest upload body (decoded), as the reseller spec's limits table says. */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
/** The largest text file `files/contents` returns and `files/write` accepts. */
export const MAX_TEXT_FILE_BYTES = 4 * 1024 * 1024;

/** What the portal asks a node to run: `PUT /api/servers/:id` (idempotent; changes apply on next start). */
export const serverDefinitionSchema = z.object({
  template: z.string().min(1).max(64),
  /** Template variables; the node validates them against the template (missing ones take defaults). */
  vars: z.record(z.string(), z.string().max(1024)),
  memoryMb: z.number().int().min(64).max(1_048_576),
  diskMb: z.number().int().min(64).max(16_777_216),
  /** The allocated port, given to the template as SERVER_PORT. */
  port: z.number().int().min(1).max(65_535),
  /** Start once installed (first provisioning). */
  startAfterInstall: z.boolean().default(false),
});
export type ServerDefinition = z.infer<typeof serverDefinitionSchema>;

export type InstallState = "installing" | "installed" | "failed";

export interface ResourceUsageView {
  cpuPercent: number;
  memoryBytes: number;
  diskBytes: number;
  networkRxBytes: number | null;
  networkTxBytes: number | null;
}

/** `GET /api/servers/:id`, and the answer of PUT and power. */
export interface ServerStatusView {
  id: string;
  template: string;
  vars: Record<string, string>;
  port: number;
  memoryMb: number;
  diskMb: number;
  installState: InstallState;
  /** Why the install failed, in a sentence for the user. */
  installError: string | null;
  state: PowerState;
  startedAt: string | null;
  lastExit: LastExit | null;
  usage: ResourceUsageView;
  /** The SFTP user, once the portal has set credentials. */
  sftpUsername: string | null;
}

export interface NodeSystemView {
  version: string;
  templates: { id: string; name: string }[];
  servers: number;
  sftpPort: number;
}

/** Every error of the node API: `{ error: { code, message } }` with an HTTP status. */
export type NodeErrorCode =
  | "unauthorized"
  | "not_found"
  | "validation"
  | "template_unknown"
  | "power_refused"
  | "power_action_unknown"
  | "command_refused"
  | "not_installed"
  | "file"
  | "internal";

export interface NodeErrorBody {
  error: { code: NodeErrorCode; message: string; fileCode?: string; field?: string };
}

export const powerBodySchema = z.object({ action: z.string() });
export const commandBodySchema = z.object({ command: z.string().min(1).max(4096) });
export const sftpCredentialsSchema = z.object({
  username: z.string().regex(/^[a-z0-9][a-z0-9._-]{2,63}$/),
  /** `hashSftpPassword` output; the node never sees the password. */
  passwordHash: z.string().min(1).max(512),
});

// The file operations' bodies: the node's `POST /api/servers/:id/files/:op` and the public APIs'
// `POST .../game/files/{op}` take the same JSON (download-url is the portal's, see the docs).
const userPath = z.string().min(1).max(4096);
export const fileOpBodySchemas = {
  write: z.object({ path: userPath, content: z.string() }),
  mkdir: z.object({ path: userPath }),
  rename: z.object({ from: userPath, to: userPath }),
  delete: z.object({ root: userPath.default("/"), files: z.array(z.string().min(1).max(255)).min(1).max(1000) }),
  compress: z.object({ root: userPath.default("/"), files: z.array(z.string().min(1).max(255)).min(1).max(1000) }),
  decompress: z.object({ root: userPath.default("/"), file: z.string().min(1).max(255) }),
  chmod: z.object({ path: userPath, mode: z.string().regex(/^[0-7]{3,4}$/) }),
  upload: z.object({ path: userPath.default("/"), name: z.string().min(1).max(255), content: z.string() }),
} as const;
export type FileOp = keyof typeof fileOpBodySchemas;
export const FILE_OPS = Object.keys(fileOpBodySchemas) as FileOp[];

export interface FileEntryView {
  name: string;
  type: "file" | "dir" | "symlink" | "other";
  size: number;
  mode: string;
  modifiedAt: string;
}

/** The websocket (`GET /api/servers/:id/ws?token=`): JSON frames `{ event, args }`, as Wings speaks. */
export type ConsoleServerEvent =
  | { event: "auth success"; args: [] }
  | { event: "console output"; args: [string] }
  | { event: "daemon message"; args: [string] }
  | { event: "status"; args: [PowerState] }
  | { event: "stats"; args: [ResourceUsageView & { state: PowerState }] }
  | { event: "token expiring"; args: [] }
  | { event: "token expired"; args: [] }
  | { event: "error"; args: [string] };

export type ConsoleClientEvent =
  | { event: "auth"; args: [string] }
  | { event: "send command"; args: [string] }
  | { event: "send logs"; args: [] }
  | { event: "set state"; args: [string] };

export const CONSOLE_WS_CLOSE = { tokenInvalid: 4001, tokenExpired: 4004, serverDeleted: 4010, slowViewer: 4008 } as const;

import { BackendError } from "@/lib/backends/backend-error";
import type { ServerStatusView } from "@/game-node/protocol/node-api";
import type { TemplateVariable } from "@/game-node/templates/template-types";
import { resolveVariables } from "@/game-node/templates/template-variables";
import type { ServiceContext } from "@/lib/services/service-context";
import { gameServerOfServiceOrThrow, type GameServerOfService } from "./game-server-of-service";
import { gameTemplateOrNull } from "./game-templates";

/** One variable as the panel shows it: its rule, default and current value, and whether the customer may change it. */
export interface GameVariableView extends Omit<TemplateVariable, "default"> {
  default: string;
  value: string;
}

/** The game server document `{server, capabilities}` (docs/game-servers.md#document), the same in both APIs. */
export interface GameDocument {
  server: {
    id: string;
    serviceId: string;
    name: string;
    template: { id: string; name: string };
    node: { name: string; location: string };
    /** Where players connect. */
    address: { host: string; port: number };
    /** `unreachable` when the node did not answer. */
    state: "offline" | "starting" | "running" | "stopping" | "unreachable";
    installState: "installing" | "installed" | "failed" | null;
    installError: string | null;
    startedAt: string | null;
    /** The last exit: `crashed` with its exit code and last console lines, or a normal stop. */
    lastExit: { code: number | null; signal: string | null; at: string; crashed: boolean; reason: string; outOfMemory: boolean; lastLines: string[] } | null;
    usage: { cpuPercent: number; memoryBytes: number; diskBytes: number; networkRxBytes: number | null; networkTxBytes: number | null } | null;
    limits: { memoryMb: number; diskMb: number };
    variables: GameVariableView[];
    sftp: { host: string; port: number; username: string; passwordSet: boolean };
  };
  capabilities: { power: boolean; console: boolean; files: boolean; sftp: boolean; variables: boolean; backups: false; schedules: false; mods: false };
}

/** `GET .../game`: the server as the node reports it now, with what the portal holds. */
export async function gameDocument(ctx: ServiceContext, input: { serviceId: string }): Promise<GameDocument> {
  const found = await gameServerOfServiceOrThrow(ctx, input.serviceId);
  let status: ServerStatusView | null = null;
  try {
    status = await found.node.getServer(found.server.id);
  } catch (error) {
    if (!(error instanceof BackendError) || error.code !== "provider_unreachable") throw error;
  }
  return gameDocumentFrom(found, status);
}

export function gameDocumentFrom({ service, server, node }: GameServerOfService, status: ServerStatusView | null): GameDocument {
  const template = gameTemplateOrNull(server.template);
  const stored = server.vars as Record<string, string>;
  const values = template ? resolveVariables(template, stored) : stored;
  const usable = service.status === "active";
  const sftp = node.sftpEndpoint();
  return {
    server: {
      id: server.id,
      serviceId: service.id,
      name: service.name,
      template: { id: server.template, name: template?.name ?? server.template },
      node: { name: server.node.name, location: server.node.location.name },
      address: { host: sftp.host, port: server.port },
      state: status?.state ?? "unreachable",
      installState: status?.installState ?? null,
      installError: status?.installError ?? null,
      startedAt: status?.startedAt ?? null,
      lastExit: status?.lastExit ? { ...status.lastExit, signal: status.lastExit.signal ?? null } : null,
      usage: status?.usage ?? null,
      limits: { memoryMb: server.memoryMb, diskMb: server.diskMb },
      variables: (template?.variables ?? []).map((v) => ({ ...v, value: values[v.key] ?? v.default })),
      sftp: { ...sftp, username: server.sftpUsername, passwordSet: server.sftpRotatedAt !== null },
    },
    capabilities: { power: usable, console: usable, files: usable, sftp: usable, variables: usable, backups: false, schedules: false, mods: false },
  };
}

import { z } from "zod";

// The game server document `{server, capabilities}` (docs/game-servers.md#document): one shape for
// both APIs, declared once so both OpenAPI outputs describe it the same way.
const variable = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  default: z.string(),
  value: z.string(),
  rule: z.union([
    z.object({ kind: z.literal("int"), min: z.number(), max: z.number() }),
    z.object({ kind: z.literal("enum"), values: z.array(z.string()) }),
    z.object({ kind: z.literal("bool") }),
    z.object({ kind: z.literal("string"), pattern: z.string(), maxLength: z.number() }),
  ]),
  userEditable: z.boolean(),
});

export const gameDocumentSchema = z.object({
  server: z.object({
    id: z.string(),
    serviceId: z.string(),
    name: z.string(),
    template: z.object({ id: z.string(), name: z.string() }),
    node: z.object({ name: z.string(), location: z.string() }),
    address: z.object({ host: z.string(), port: z.number() }).describe("Where players connect"),
    state: z.enum(["offline", "starting", "running", "stopping", "unreachable"]).describe("`unreachable`: the node did not answer"),
    installState: z.enum(["installing", "installed", "failed"]).nullable(),
    installError: z.string().nullable(),
    startedAt: z.string().nullable(),
    lastExit: z
      .object({
        code: z.number().nullable(),
        signal: z.string().nullable(),
        at: z.string(),
        crashed: z.boolean(),
        reason: z.string().describe("stopped, killed, crashed, out of memory or spawn failed"),
        outOfMemory: z.boolean(),
        lastLines: z.array(z.string()).describe("The last console lines before the exit"),
      })
      .nullable(),
    usage: z
      .object({ cpuPercent: z.number(), memoryBytes: z.number(), diskBytes: z.number(), networkRxBytes: z.number().nullable(), networkTxBytes: z.number().nullable() })
      .nullable(),
    limits: z.object({ memoryMb: z.number(), diskMb: z.number() }),
    variables: z.array(variable),
    sftp: z.object({ host: z.string(), port: z.number(), username: z.string(), passwordSet: z.boolean() }),
  }),
  capabilities: z.object({
    power: z.boolean(),
    console: z.boolean(),
    files: z.boolean(),
    sftp: z.boolean(),
    variables: z.boolean(),
    backups: z.literal(false),
    schedules: z.literal(false),
    mods: z.literal(false),
  }),
});

export const gamePowerResultSchema = z.object({
  action: z.enum(["start", "stop", "restart", "kill"]),
  from: z.string().describe("The state before"),
  to: z.string().describe("The state the server moves to (offline, starting, running, stopping)"),
});

export const GAME_POWER_DESCRIPTION =
  "`start`, `stop` (the game's stop command, then SIGTERM, then SIGKILL after a grace period), `restart` or `kill`. " +
  "An unknown verb is 400 (`game.power_action_unknown`); a verb the state refuses (start while running, stop while offline) or a server still installing is 409; " +
  "suspended or terminated 403. Answers the transition the node accepted; read the game document or the console for the outcome.";

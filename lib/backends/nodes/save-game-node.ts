import { z } from "zod";
import { CHECK_THE_FIELDS } from "@/lib/actions/action-result";
import { fieldError, isUniqueViolation, zCheckbox, zEnum, zInt, zOptionalText, zText, zUuid } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db, DbOrTx, Tx } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError, type FieldIssue } from "@/lib/errors/domain-error";
import type { Node } from "@/lib/generated/prisma/client";
import { GAME_NODE_DRIVER } from "../game-node/game-node-for";
import { createNode } from "./create-node";
import { GAME_NODE_TOKEN_MIN_LENGTH, type GameNodeConnection, describeGameNodeConnection, gameNodeConfig, gameNodeHost } from "./game-node-connection";
import { GAME_PORT_MAX, GAME_PORT_MIN, type PortRange, portRangesOverlap } from "./game-port-range";

// The operator console's game node form (docs/game-servers.md#operator-console): field rules and
// sentences around createNode, and the edit that never strands a server (its port outside the
// range, its memory or disk beyond capacity, its files on an agent the node no longer points at).

const MB_PER_GB = 1024;

const url = zOptionalText(500).pipe(
  z.custom<string | null>((v) => {
    if (v === null) return true;
    try {
      const u = new URL(v as string);
      return (u.protocol === "http:" || u.protocol === "https:") && u.username === "" && u.password === "";
    } catch {
      return false;
    }
  }, "Enter the agent's address as http:// or https:// (for example https://node1.example.com:8443), without a user name or password."),
);

const token = zOptionalText(512).pipe(
  z.custom<string | null>(
    (v) => v === null || ((v as string).length >= GAME_NODE_TOKEN_MIN_LENGTH && /^[\x21-\x7e]+$/.test(v as string)),
    `The token is at least ${GAME_NODE_TOKEN_MIN_LENGTH} characters, without spaces (the one in the agent's configuration).`,
  ),
);

const host = zOptionalText(253).pipe(
  z.custom<string | null>((v) => v === null || /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.:-]*[A-Za-z0-9])?)$/.test(v as string), "Enter a host name or IP address customers connect to."),
);

const sftpPort = zOptionalText(5).pipe(
  z.custom<string | null>((v) => v === null || (/^\d+$/.test(v as string) && Number(v) >= 1 && Number(v) <= 65_535), "Enter a port from 1 to 65535."),
);

const schema = z.object({
  name: zText("node name", 100),
  locationId: zUuid("location"),
  connection: zEnum(["embedded", "remote"] as const, "Choose the embedded agent or a remote agent."),
  url,
  token,
  sftpHost: host,
  sftpPort,
  portRangeStart: zInt(GAME_PORT_MIN, GAME_PORT_MAX, "a port"),
  portRangeEnd: zInt(GAME_PORT_MIN, GAME_PORT_MAX, "a port"),
  memoryGb: zInt(1, 1_000_000, "a number of GB"),
  diskGb: zInt(1, 100_000_000, "a number of GB"),
  enabled: zCheckbox,
});

export type GameNodeInput = z.input<typeof schema>;
type Parsed = z.output<typeof schema>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === "";

const REQUIRED_WHEN_REMOTE = {
  url: "Enter the agent's address (http:// or https://).",
  token: "Enter the node's token (the one in the agent's configuration).",
  sftpHost: "Enter the host customers connect to with SFTP.",
  sftpPort: "Enter the SFTP port (the agent's default is 2022).",
} as const;

/**
 * Every field on its own, then the rules between fields (the range's order, the remote fields a
 * remote agent needs), so one refusal names every field to fix.
 */
function parseGameNode(input: GameNodeInput, storedConfig?: unknown): Parsed & { range: PortRange; conn: GameNodeConnection } {
  const result = schema.safeParse(input);
  const issues: FieldIssue[] = [];
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path.map(String).join(".") || "form";
    if (!issues.some((d) => d.field === field)) issues.push({ field, message: issue.message });
  }
  const has = (field: string) => issues.some((d) => d.field === field);
  const range = schema.pick({ portRangeStart: true, portRangeEnd: true }).safeParse(input);
  if (range.success && range.data.portRangeEnd < range.data.portRangeStart)
    issues.push({ field: "portRangeEnd", message: `The range ends before it starts: enter a port from ${range.data.portRangeStart} to ${GAME_PORT_MAX}.` });
  const connection = schema.pick({ connection: true }).safeParse(input);
  if (connection.success && connection.data.connection === "remote") {
    const stored = describeGameNodeConnection(storedConfig);
    const tokenKept = stored.mode !== "embedded" && stored.tokenSet;
    for (const [field, message] of Object.entries(REQUIRED_WHEN_REMOTE)) {
      if (field === "token" && tokenKept) continue;
      if (!has(field) && blank(input[field as keyof GameNodeInput])) issues.push({ field, message });
    }
  }
  if (issues.length > 0 || !result.success) throw new DomainError("invalid", CHECK_THE_FIELDS, { details: issues });
  const d = result.data;
  const conn: GameNodeConnection =
    d.connection === "remote" ? { mode: "remote", url: d.url!, token: d.token, sftpHost: d.sftpHost!, sftpPort: Number(d.sftpPort) } : { mode: "embedded" };
  return { ...d, range: { start: d.portRangeStart, end: d.portRangeEnd }, conn };
}

/**
 * Servers of two game nodes on one machine would bind the same ports: a range may not overlap another
 * game node's on the same host. Runs under a lock so two saves cannot both pass.
 */
async function refuseOverlap(tx: Tx, config: unknown, range: PortRange, selfId: string | null) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('game-node-port-ranges', 0))`;
  const hostKey = gameNodeHost(config);
  const others = await tx.node.findMany({ where: { kind: "game", portRangeStart: { not: null }, ...(selfId ? { id: { not: selfId } } : {}) } });
  const clash = others.find((o) => gameNodeHost(o.config) === hostKey && portRangesOverlap(range, { start: o.portRangeStart!, end: o.portRangeEnd! }));
  if (clash) {
    const where = hostKey === "embedded" ? "on the embedded agent" : `on ${hostKey}`;
    throw fieldError("portRangeStart", `Node ${clash.name} ${where} uses ports ${clash.portRangeStart}–${clash.portRangeEnd}: choose a range that does not overlap it.`);
  }
}

async function nameTakenOr<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("name", `A node named “${name}” already exists.`);
    throw error;
  }
}

async function requireLocation(db: DbOrTx, locationId: string) {
  if (!(await db.location.findUnique({ where: { id: locationId } }))) throw fieldError("locationId", "Choose a location from the list.", "invalid");
}

/** Adds a game node from the console's form; the token is sealed before it is stored. */
export async function createGameNodeFromInput({ db }: OperatorContext<Db>, input: GameNodeInput): Promise<Node> {
  const d = parseGameNode(input);
  await requireLocation(db, d.locationId);
  const config = gameNodeConfig(d.conn);
  return nameTakenOr(d.name, () =>
    inTransaction(db, async (tx) => {
      await refuseOverlap(tx, config, d.range, null);
      return createNode(tx, {
        name: d.name,
        locationId: d.locationId,
        kind: "game",
        driver: GAME_NODE_DRIVER,
        config,
        enabled: d.enabled,
        capacity: { vcpus: 0, memoryMb: d.memoryGb * MB_PER_GB, diskGb: d.diskGb },
        portRange: d.range,
      });
    }),
  );
}

/**
 * Edits a game node. Its row is locked first, so a placement on it finishes before the checks read
 * its ports and counters (and waits for the new values). Refused: a range that leaves out a port in
 * use, capacity below what is held, and a move to another location or agent while servers run on it.
 * A blank token keeps the stored one.
 */
export async function updateGameNode({ db }: OperatorContext<Db>, { nodeId, node: input }: { nodeId: string; node: GameNodeInput }): Promise<Node> {
  const current = await db.node.findUnique({ where: { id: nodeId } });
  if (!current || current.kind !== "game") throw new DomainError("not_found", "Node not found");
  const d = parseGameNode(input, current.config);
  await requireLocation(db, d.locationId);
  return nameTakenOr(d.name, () =>
    inTransaction(db, async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Node" WHERE id = ${nodeId}::uuid FOR UPDATE`;
      const node = await tx.node.findUniqueOrThrow({ where: { id: nodeId } });
      const config = gameNodeConfig(d.conn, node.config);
      const live = await tx.gameServer.count({ where: { nodeId, deletedAt: null } });
      if (live > 0 && node.locationId !== d.locationId) throw fieldError("locationId", `${servers(live)} on this node: it cannot move to another location.`);
      // A config written by hand that the driver cannot use may always be repaired.
      const storedMode = describeGameNodeConnection(node.config).mode;
      if (live > 0 && storedMode !== "invalid" && storedMode !== d.conn.mode)
        throw fieldError("connection", `${servers(live)} on this node's agent: it cannot switch between the embedded and a remote agent while they exist.`);
      await refuseOverlap(tx, config, d.range, nodeId);
      await refuseShrinkBelowPorts(tx, nodeId, d.range);
      if (d.memoryGb * MB_PER_GB < node.allocatedMemoryMb)
        throw fieldError("memoryGb", `Game servers hold ${node.allocatedMemoryMb.toLocaleString("en-GB")} MB here: memory cannot go below ${Math.ceil(node.allocatedMemoryMb / MB_PER_GB)} GB.`);
      if (d.diskGb < node.allocatedDiskGb) throw fieldError("diskGb", `Game servers hold ${node.allocatedDiskGb} GB of disk here: disk cannot go below that.`);
      return tx.node.update({
        where: { id: nodeId },
        data: {
          name: d.name,
          locationId: d.locationId,
          enabled: d.enabled,
          config,
          capacityMemoryMb: d.memoryGb * MB_PER_GB,
          capacityDiskGb: d.diskGb,
          portRangeStart: d.range.start,
          portRangeEnd: d.range.end,
        },
      });
    }),
  );
}

const servers = (n: number) => (n === 1 ? "A game server runs" : `${n} game servers run`);

/** A port in use outside the new range is named, on the side of the range that leaves it out. */
async function refuseShrinkBelowPorts(tx: Tx, nodeId: string, range: PortRange) {
  const below = await tx.gamePort.findFirst({ where: { nodeId, port: { lt: range.start } }, orderBy: { port: "asc" } });
  const above = await tx.gamePort.findFirst({ where: { nodeId, port: { gt: range.end } }, orderBy: { port: "desc" } });
  if (below) throw fieldError("portRangeStart", `Port ${below.port} is in use by a game server on this node: the range must start at ${below.port} or lower.`);
  if (above) throw fieldError("portRangeEnd", `Port ${above.port} is in use by a game server on this node: the range must end at ${above.port} or higher.`);
}

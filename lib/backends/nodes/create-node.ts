import type { DbOrTx } from "@/lib/db/client";
import type { Node, NodeKind, Prisma } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import { GAME_NODE_DRIVER } from "../game-node/game-node-for";
import { registeredDrivers } from "../registry";
import { isUsableGameNodeConfig } from "./game-node-connection";
import { GAME_PORT_MAX, GAME_PORT_MIN, isValidPortRange } from "./game-port-range";

export interface CreateNodeInput {
  name: string;
  locationId: string;
  kind: NodeKind;
  driver: string;
  config?: Prisma.InputJsonObject;
  enabled?: boolean;
  /** VPS and game nodes: sellable units (vCPU after overcommit, memory MB, disk GB). */
  capacity?: { vcpus: number; memoryMb: number; diskGb: number };
  /** Game nodes: the ports their servers get, inclusive (GAME_PORT_MIN-GAME_PORT_MAX). */
  portRange?: { start: number; end: number };
}

/**
 * Registers a hypervisor, a dedicated-server controller or a game node. Refuses a driver that is not
 * registered, and a game node without a valid port range or a config its driver can use. The
 * console's rules on top (field sentences, no overlapping ranges) are in save-game-node.ts.
 */
export async function createNode(db: DbOrTx, input: CreateNodeInput): Promise<Node> {
  if (input.kind === "game") {
    if (input.driver !== GAME_NODE_DRIVER) throw new BackendError("configuration", `Game nodes use the ${GAME_NODE_DRIVER} driver`);
    if (!isValidPortRange(input.portRange)) throw new BackendError("configuration", `A game node needs a port range within ${GAME_PORT_MIN}-${GAME_PORT_MAX}`);
    // The driver reads this config on every call: a node it cannot drive is refused now, not then.
    if (!isUsableGameNodeConfig(input.config)) throw new BackendError("configuration", "A game node's config is { embedded: true } or { url, tokenSealed, sftpHost, sftpPort }");
  } else {
    const driver = registeredDrivers().find((d) => d.name === input.driver);
    if (!driver) throw new BackendError("configuration", `No driver named ${input.driver}`);
    if (driver.kind !== input.kind) throw new BackendError("configuration", `Driver ${input.driver} drives ${driver.kind} nodes`);
  }
  return db.node.create({
    data: {
      name: input.name,
      locationId: input.locationId,
      kind: input.kind,
      driver: input.driver,
      config: input.config ?? {},
      enabled: input.enabled ?? true,
      capacityVcpus: input.capacity?.vcpus ?? 0,
      capacityMemoryMb: input.capacity?.memoryMb ?? 0,
      capacityDiskGb: input.capacity?.diskGb ?? 0,
      portRangeStart: input.portRange?.start ?? null,
      portRangeEnd: input.portRange?.end ?? null,
    },
  });
}

export interface AddServerInput {
  nodeId: string;
  name: string;
  sku: string;
  manufacturer: string;
  model: string;
  specs?: Prisma.InputJsonObject;
  serialNumber?: string;
  bmcAddress?: string;
  macAddress?: string;
  rack?: string;
}

/** Adds a server to a dedicated node's inventory, powered off and in stock. */
export async function addDedicatedServer(db: DbOrTx, input: AddServerInput) {
  const node = await db.node.findUnique({ where: { id: input.nodeId } });
  if (!node || node.kind !== "dedicated") throw new BackendError("configuration", `Node ${input.nodeId} is not a dedicated-server controller`);
  return db.dedicatedServer.create({ data: { ...input, specs: input.specs ?? {} } });
}

import type { DbOrTx } from "@/lib/db/client";
import type { Node, NodeKind, Prisma } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import { registeredDrivers } from "../registry";

export interface CreateNodeInput {
  name: string;
  locationId: string;
  kind: NodeKind;
  driver: string;
  config?: Prisma.InputJsonObject;
  enabled?: boolean;
  /** VPS nodes: sellable units (vCPU after overcommit, memory MB, disk GB). */
  capacity?: { vcpus: number; memoryMb: number; diskGb: number };
}

/** Registers a hypervisor or a dedicated-server controller. Refuses a driver that is not registered. */
export async function createNode(db: DbOrTx, input: CreateNodeInput): Promise<Node> {
  const driver = registeredDrivers().find((d) => d.name === input.driver);
  if (!driver) throw new BackendError("configuration", `No driver named ${input.driver}`);
  if (driver.kind !== input.kind) throw new BackendError("configuration", `Driver ${input.driver} drives ${driver.kind} nodes`);
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

import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zCheckbox, zEnum, zInt, zText, zUuid } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { NodeKind } from "@/lib/generated/prisma/client";
import { registeredDrivers } from "../registry";
import { createNode } from "./create-node";

// The operator console's node form: validation and sentences around createNode (which keeps the
// driver-registry rule) and an update that never drops capacity below what is allocated.

export const NODE_KINDS: readonly NodeKind[] = ["vps", "dedicated"];

const schema = z.object({
  name: zText("node name", 100),
  locationId: zUuid("location"),
  kind: zEnum(NODE_KINDS, "Choose hypervisor (VPS) or BMC controller (dedicated)."),
  driver: zText("driver", 60),
  capacityVcpus: zInt(0, 1_000_000, "a number of vCPU"),
  capacityMemoryMb: zInt(0, 1_000_000_000, "a number of MB"),
  capacityDiskGb: zInt(0, 100_000_000, "a number of GB"),
  enabled: zCheckbox,
});

export type NodeInput = z.input<typeof schema>;

async function checkRefs(db: DbOrTx, d: z.output<typeof schema>) {
  if (!(await db.location.findUnique({ where: { id: d.locationId } }))) throw fieldError("locationId", "Choose a location from the list.", "invalid");
  const driver = registeredDrivers().find((x) => x.name === d.driver);
  if (!driver) throw fieldError("driver", `No driver named “${d.driver}” is registered. Choose one from the list.`, "invalid");
  if (driver.kind !== d.kind) throw fieldError("driver", `The ${d.driver} driver drives ${driver.kind} nodes, not ${d.kind}.`, "invalid");
}

const nameTaken = (name: string) => fieldError("name", `A node named “${name}” already exists.`);

export async function createNodeFromInput({ db }: OperatorContext, input: NodeInput) {
  const d = parseInput(schema, input);
  await checkRefs(db, d);
  // Dedicated controllers hold servers, not units: their capacity stays 0 (schema comment).
  const capacity = d.kind === "vps" ? { vcpus: d.capacityVcpus, memoryMb: d.capacityMemoryMb, diskGb: d.capacityDiskGb } : undefined;
  try {
    return await createNode(db, { name: d.name, locationId: d.locationId, kind: d.kind, driver: d.driver, enabled: d.enabled, capacity });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(d.name);
    throw error;
  }
}

/**
 * Edits a node. Its kind cannot change (its machines or servers are of that kind), and capacity
 * may not drop below what is allocated: the check is in the update's WHERE, so a concurrent
 * allocation cannot slip between the check and the write.
 */
export async function updateNode({ db }: OperatorContext, { nodeId, node: input }: { nodeId: string; node: NodeInput }) {
  const d = parseInput(schema, input);
  const node = await db.node.findUnique({ where: { id: nodeId } });
  if (!node) throw new DomainError("not_found", "Node not found");
  if (node.kind !== d.kind) throw fieldError("kind", "A node's kind cannot change once it exists.", "invalid");
  await checkRefs(db, d);
  if (node.locationId !== d.locationId && (await db.nodeAllocation.count({ where: { nodeId, releasedAt: null } })) > 0)
    throw fieldError("locationId", "Machines run on this node: it cannot move to another location.", "invalid");
  const capacity = d.kind === "vps" ? { capacityVcpus: d.capacityVcpus, capacityMemoryMb: d.capacityMemoryMb, capacityDiskGb: d.capacityDiskGb } : {};
  try {
    const updated = await db.node.updateMany({
      where: {
        id: nodeId,
        ...(d.kind === "vps"
          ? { allocatedVcpus: { lte: d.capacityVcpus }, allocatedMemoryMb: { lte: d.capacityMemoryMb }, allocatedDiskGb: { lte: d.capacityDiskGb } }
          : {}),
      },
      data: { name: d.name, locationId: d.locationId, driver: d.driver, enabled: d.enabled, ...capacity },
    });
    if (updated.count === 0) {
      const now = await db.node.findUniqueOrThrow({ where: { id: nodeId } });
      throw fieldError(
        "capacityVcpus",
        `Capacity cannot go below what is allocated now (${now.allocatedVcpus} vCPU, ${now.allocatedMemoryMb} MB, ${now.allocatedDiskGb} GB).`,
        "conflict",
      );
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(d.name);
    throw error;
  }
  return db.node.findUniqueOrThrow({ where: { id: nodeId } });
}

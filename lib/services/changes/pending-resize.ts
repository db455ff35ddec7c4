import { sizeFromSpecs, type VpsSize } from "@/lib/backends/capacity/sizes";
import type { DbOrTx } from "@/lib/db/client";
import type { VirtualMachine } from "@/lib/generated/prisma/client";
import { findServiceMachine } from "../find-service-machine";

/**
 * The resize a plan change to `toProductId` needs on the service's machine: a native VPS whose size
 * differs from the new plan's. Null when there is no machine work (another kind of service, no
 * machine yet, the same size).
 */
export async function pendingResize(db: DbOrTx, serviceId: string, toProductId: string | null): Promise<{ vm: VirtualMachine; size: VpsSize } | null> {
  const [target, machine] = await Promise.all([
    toProductId ? db.product.findUnique({ where: { id: toProductId }, select: { kind: true, specs: true } }) : null,
    findServiceMachine(db, serviceId),
  ]);
  const size = target?.kind === "vps" ? sizeFromSpecs(target.specs) : null;
  if (!size || machine?.kind !== "vps") return null;
  const { vm } = machine;
  return size.vcpus !== vm.vcpus || size.memoryMb !== vm.memoryMb || size.diskGb !== vm.diskGb ? { vm, size } : null;
}

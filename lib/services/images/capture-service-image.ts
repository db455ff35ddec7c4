import type { BackendContext } from "@/lib/backends/context";
import { BackendError } from "@/lib/backends/backend-error";
import { hypervisorForVm } from "@/lib/backends/registry";
import { inTransaction } from "@/lib/db/in-transaction";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { findServiceMachine } from "../find-service-machine";
import { serviceMachineOrThrow } from "../lifecycle/service-machine-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { assertControlAllowed } from "../service-rules";
import { DISK_JOB_RUNNING } from "../snapshots/vps-snapshots";
import { CAPTURE_NOT_OFFERED, checkImageName } from "./custom-image-rules";
import { toCustomImageView, type CustomImageView } from "./custom-image-view";
import { assertImageSlotFree } from "./image-slot";

export const CAPTURE_VPS_ONLY = "Capture is only available for VPS services";

/** `<hostname or name>-YYYYMMDD` when no name is sent (reseller API: body not specified). */
export function defaultImageName(service: Pick<ScopedService, "hostname" | "name">, now: Date): string {
  const base = (service.hostname ?? service.name).slice(0, 100);
  return `${base}-${now.toISOString().slice(0, 10).replaceAll("-", "")}`;
}

/**
 * Checks that run before any body rule (customer API order of evaluation): a VPS, the billing state
 * (suspended or terminated: 403; a capture is a disk job like a backup), then whether the VPS's
 * hypervisor captures at all (403). Used as the endpoints' guard and again by captureServiceImage.
 */
export async function assertCaptureOffered(ctx: BackendContext, service: ScopedService): Promise<void> {
  if (service.product.kind !== "vps") throw new DomainError("invalid", CAPTURE_VPS_ONLY);
  assertControlAllowed(service.status, "backup_create");
  const machine = await findServiceMachine(ctx.db, service.id);
  if (machine?.kind === "vps") {
    const hv = await hypervisorForVm(machine.vm.id, ctx).catch((error: unknown) => {
      throw backendRefusal(error);
    });
    if (!hv.capabilities.capture) throw new DomainError("forbidden", CAPTURE_NOT_OFFERED);
  }
}

/**
 * Captures the disk of one of the actor's VPSs (`serviceId`, 404 outside its scope) into a custom
 * image of the service's account (`capturing`, then `available` or `error`); the VM keeps running.
 * The image lives on the node the VPS runs on, so machines built from it are placed there. One disk
 * job per VM: a snapshot, reinstall or capture already running is 409. The account's image cap is
 * counted under the account row's lock; the row is written before the driver is called and removed
 * again if the driver refuses, so a refused capture never holds a slot.
 */
export async function captureServiceImage(
  ctx: ServiceContext,
  input: { serviceId: string; name?: string | null; description?: string | null; requireName?: boolean },
): Promise<{ image: CustomImageView; job: BackendJobView }> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  await assertCaptureOffered(ctx, service);
  const now = ctx.now;
  const name = input.requireName || input.name?.trim() ? checkImageName(input.name) : defaultImageName(service, now);
  const machine = await serviceMachineOrThrow(ctx.db, service);
  if (machine.kind !== "vps") throw new DomainError("invalid", CAPTURE_VPS_ONLY);
  const vm = machine.vm;
  if (vm.diskJobId) throw new DomainError("conflict", DISK_JOB_RUNNING);

  const row = await inTransaction(ctx.db, async (tx) => {
    await assertImageSlotFree(tx, service.accountId);
    return tx.customImage.create({
      data: {
        accountId: service.accountId,
        projectId: service.projectId,
        resellerCustomerId: service.resellerCustomerId,
        name,
        description: input.description?.trim() || null,
        sourceKind: "capture",
        status: "capturing",
        nodeId: vm.nodeId,
        sourceServiceId: service.id,
        createdAt: now,
      },
    });
  });
  let job: BackendJobView;
  try {
    const hv = await hypervisorForVm(vm.id, ctx);
    job = await hv.capture(vm.id, { name });
  } catch (error) {
    await ctx.db.customImage.delete({ where: { id: row.id } });
    if (error instanceof BackendError && error.code === "conflict") throw new DomainError("conflict", DISK_JOB_RUNNING);
    throw backendRefusal(error);
  }
  const image = await ctx.db.customImage.update({ where: { id: row.id }, data: { captureJobId: job.id } });
  return { image: toCustomImageView(image, job.progress), job };
}

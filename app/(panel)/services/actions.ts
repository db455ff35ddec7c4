"use server";

import { imageStoragePriceFor, type ImageStoragePrice } from "@/lib/billing/image-storage/image-storage-price";
import { getDb } from "@/lib/db/client";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { vpsDocument, type VpsDoc } from "@/lib/services/customer-documents";
import { formatDate } from "@/lib/format/format-date";
import { cancelService, withdrawCancellation } from "@/lib/services/lifecycle/cancel-service";
import { serviceContext } from "@/lib/services/service-context";
import { changeServicePower } from "@/lib/services/lifecycle/change-service-power";
import { reinstallService } from "@/lib/services/lifecycle/reinstall-service";
import { resetServicePassword } from "@/lib/services/lifecycle/reset-service-password";
import type { PowerVerb } from "@/lib/services/service-controls";
import { captureServiceImage } from "@/lib/services/images/capture-service-image";
import type { CustomImageView } from "@/lib/services/images/custom-image-view";
import { deleteCustomImage } from "@/lib/services/images/delete-custom-image";
import { listCustomImages } from "@/lib/services/images/list-custom-images";
import { access, cooled } from "./panel-access";
import { createVpsSnapshot, deleteVpsSnapshot, listVpsSnapshots, revertVpsSnapshot, type SnapshotList } from "@/lib/services/snapshots/vps-snapshots";

const POWER_VERBS = new Set<PowerVerb>(["start", "stop", "restart"]);
const DONE: Record<PowerVerb, string> = { start: "Starting the server", stop: "Shutting the server down", restart: "Restarting the server" };

const run = (fn: () => Promise<string>) => runAction(fn, { log: "[panel] VPS action failed" });

/** The VPS as the page shows it; advances its running job first, so polling this shows progress. */
export async function getVpsAction(serviceId: string): Promise<VpsDoc | null> {
  const a = await access();
  if (!a.canView) return null;
  const ctx = serviceContext({ db: getDb(), actor: { ...a.scope, kind: "vps" } });
  // Another account's service, or not a VPS: nothing to show.
  return vpsDocument(ctx, { serviceId, detail: true }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  });
}

export async function powerVpsAction(serviceId: string, verb: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canPower) throw new DomainError("forbidden", "Power actions need the services.power permission on this account");
    if (!POWER_VERBS.has(verb as PowerVerb)) throw new DomainError("invalid", "Unknown power action");
    const ctx = serviceContext({ db: getDb(), actor: { ...a.scope, kind: "vps" } });
    const outcome = await cooled("power", a.userId, serviceId, () => changeServicePower(ctx, { serviceId, action: verb as PowerVerb }));
    return outcome.job.state === "succeeded" ? "The server was already in that state" : `${DONE[verb as PowerVerb]}…`;
  });
}

/** `confirm`: the name typed in the reinstall dialog, checked again by the domain. */
export async function reinstallVpsAction(serviceId: string, imageId: string, password: string, confirm: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Reinstalling needs the services.manage permission on this account");
    const ctx = serviceContext({ db: getDb(), actor: a.scope });
    await cooled("reinstall", a.userId, serviceId, () => reinstallService(ctx, { serviceId, osImageId: imageId, password, confirm }));
    return "Reinstall started: the server is being rebuilt";
  });
}

export async function resetVpsPasswordAction(serviceId: string, password: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Resetting the password needs the services.manage permission on this account");
    const ctx = serviceContext({ db: getDb(), actor: a.scope });
    await cooled("passwordReset", a.userId, serviceId, () => resetServicePassword(ctx, { serviceId, password }));
    return "Setting the new root password…";
  });
}

/** `confirm`: the name typed in the "cancel now" dialog, checked again by the domain. */
export async function cancelServiceAction(serviceId: string, immediate: boolean, confirm?: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canCancel) throw new DomainError("forbidden", "Cancelling needs the services.cancel permission on this account");
    const ctx = serviceContext({ db: getDb(), actor: a.scope });
    const result = await cooled("cancellation", a.userId, serviceId, () => cancelService(ctx, { serviceId, immediate, confirm, reason: "cancelled in the panel" }));
    return "immediate" in result ? "The service is terminated" : `Cancellation scheduled: the service is terminated on ${formatDate(new Date(result.cancellation_scheduled_date))}`;
  });
}

export async function withdrawCancellationAction(serviceId: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canWithdrawCancellation) throw new DomainError("forbidden", "Withdrawing a cancellation needs the services.manage permission on this account");
    await withdrawCancellation(serviceContext({ db: getDb(), actor: a.scope }), { serviceId });
    return "Cancellation withdrawn: the service stays";
  });
}

/** The VPS's snapshots for the panel's list (null when the viewer may not see the VPS or the plan has none). */
export async function listSnapshotsAction(serviceId: string): Promise<SnapshotList | null> {
  const a = await access();
  if (!a.canView) return null;
  // Another account's service, not a VPS, or a plan the list refuses: all answer null.
  return listVpsSnapshots(serviceContext({ db: getDb(), actor: { ...a.scope, kind: "vps" } }), { serviceId }).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
}

export async function createSnapshotAction(serviceId: string, name: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Snapshots need the services.manage permission on this account");
    await createVpsSnapshot(serviceContext({ db: getDb(), actor: { ...a.scope, kind: "vps" } }), { serviceId, name: name.trim() });
    return `Taking snapshot ${name.trim()}…`;
  });
}

export async function revertSnapshotAction(serviceId: string, snapshotId: string, confirm: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Snapshots need the services.manage permission on this account");
    await revertVpsSnapshot(serviceContext({ db: getDb(), actor: { ...a.scope, kind: "vps" } }), { serviceId, snapshotId, confirm });
    return `Reverting to ${confirm}…`;
  });
}

export async function deleteSnapshotAction(serviceId: string, snapshotId: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Snapshots need the services.manage permission on this account");
    await deleteVpsSnapshot(serviceContext({ db: getDb(), actor: { ...a.scope, kind: "vps" } }), { serviceId, snapshotId });
    return "Deleting the snapshot…";
  });
}

/** The account's custom images for the VPS page (null when the viewer may not see services), newest first. */
export async function listImagesAction(): Promise<CustomImageView[] | null> {
  const a = await access();
  if (!a.canView) return null;
  return listCustomImages(serviceContext({ db: getDb(), actor: a.scope }));
}

export async function imageStoragePriceAction(): Promise<ImageStoragePrice | null> {
  const a = await access();
  if (!a.canView) return null;
  return imageStoragePriceFor({ db: getDb(), now: new Date(), actor: { accountId: a.scope.accountId } });
}

export async function captureImageAction(serviceId: string, name: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Capturing an image needs the services.manage permission on this account");
    const { image } = await captureServiceImage(serviceContext({ db: getDb(), actor: { ...a.scope, kind: "vps" } }), { serviceId, name, requireName: true });
    return `Capturing ${image.name}… The server keeps running.`;
  });
}

export async function deleteImageAction(imageId: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Deleting an image needs the services.manage permission on this account");
    await deleteCustomImage(serviceContext({ db: getDb(), actor: a.scope }), { imageId });
    return "Image deleted. Servers built from it are not affected.";
  });
}

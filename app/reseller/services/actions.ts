"use server";

import { revalidatePath } from "next/cache";
import { requireReseller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { rescueService, unrescueService } from "@/lib/services/dedicated/rescue-service";
import { setDedicatedReverseDns } from "@/lib/services/dedicated/set-dedicated-reverse-dns";
import { listServiceActivity, type ActivityRow } from "@/lib/services/service-activity";
import { serviceContext } from "@/lib/services/service-context";
import { changeServicePower } from "@/lib/services/lifecycle/change-service-power";
import { reinstallService } from "@/lib/services/lifecycle/reinstall-service";
import { resetServicePassword } from "@/lib/services/lifecycle/reset-service-password";
import { runLifecycleVerb } from "@/lib/services/lifecycle/run-lifecycle-verb";
import { resellerServiceView, type ResellerServiceView } from "@/lib/services/reseller-service-view";
import { POWER_VERBS, type PowerVerb } from "@/lib/services/service-controls";
import { createServiceBackup, deleteServiceBackup, listServiceBackups, restoreServiceBackup } from "@/lib/services/snapshots/service-backups";
import type { SnapshotList } from "@/lib/services/snapshots/vps-snapshots";
import { serviceUsage, type ServiceUsage } from "@/lib/services/samples/service-usage";

// The reseller portal's service page: the reseller API's power and lifecycle calls, on the same
// domain functions, scoped to the signed-in reseller's account (another account's service is "not found").

const LOG = { log: "[reseller portal] service action failed" };

/** Runs the body, then renders the service page again. */
function run(serviceId: string, fn: () => Promise<string>): Promise<ActionResult> {
  return runAction(async () => {
    const message = await fn();
    revalidatePath(`/reseller/services/${serviceId}`);
    return message;
  }, LOG);
}

export async function getResellerServiceAction(serviceId: string): Promise<ResellerServiceView | null> {
  const viewer = await requireReseller().catch(() => null);
  if (!viewer) return null;
  const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
  // Another account's service: nothing to show.
  return resellerServiceView(ctx, { serviceId }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  });
}

export async function powerResellerServiceAction(serviceId: string, verb: string): Promise<ActionResult> {
  return run(serviceId, async () => {
    if (!POWER_VERBS.includes(verb as PowerVerb)) throw new DomainError("invalid", "Unknown power action");
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    const outcome = await changeServicePower(ctx, { serviceId, action: verb as PowerVerb });
    const already = outcome.backend === "dedicated" ? outcome.alreadyInState : outcome.job.result?.alreadyInState === true;
    return already ? "The server was already in that state" : `Power action '${verb}' accepted`;
  });
}

export async function lifecycleResellerServiceAction(serviceId: string, verb: "suspend" | "unsuspend" | "terminate", input: { reason?: string; confirm?: string } = {}): Promise<ActionResult> {
  return run(serviceId, async () => {
    if (!["suspend", "unsuspend", "terminate"].includes(verb)) throw new DomainError("invalid", "Unknown action");
    const reason = input.reason?.trim().slice(0, 500) || null;
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    const result = await runLifecycleVerb(ctx, {
      serviceId,
      verb,
      ...(verb === "suspend" ? { reason } : {}),
      // Terminating asks for the service's name, typed.
      ...(verb === "terminate" ? { confirm: input.confirm ?? "" } : {}),
    });
    if (verb === "terminate") return result.alreadyTerminated ? "Service was already terminated" : "Service terminated";
    return verb === "suspend" ? "Service suspended" : "Service unsuspended";
  });
}

/** `confirm`: the name typed in the reinstall dialog, checked again by the domain. */
export async function reinstallResellerServiceAction(serviceId: string, osImageId: string, password: string, confirm: string): Promise<ActionResult> {
  return run(serviceId, async () => {
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    await reinstallService(ctx, { serviceId, osImageId, password: password || null, confirm });
    return "OS reinstall initiated";
  });
}

export async function resetResellerServicePasswordAction(serviceId: string, password: string): Promise<ActionResult> {
  return run(serviceId, async () => {
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    await resetServicePassword(ctx, { serviceId, password });
    return "Setting the new root password…";
  });
}

/** The VPS's backups (its disk snapshots) for the portal; null for a dedicated server or when the reseller API would refuse the list (suspended, terminated). */
export async function listResellerBackupsAction(serviceId: string): Promise<SnapshotList | null> {
  const viewer = await requireReseller().catch(() => null);
  if (!viewer) return null;
  // Another account's service, a dedicated server, or a list the reseller API refuses: all answer null.
  const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
  const list = await listServiceBackups(ctx, { serviceId }).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  return list?.kind === "vps" ? { snapshots: list.snapshots, used: list.used, max: list.max } : null;
}

export async function createResellerBackupAction(serviceId: string, name: string): Promise<ActionResult> {
  return run(serviceId, async () => {
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    const { snapshot } = await createServiceBackup(ctx, { serviceId, name });
    return `Taking backup ${snapshot.name}…`;
  });
}

export async function restoreResellerBackupAction(serviceId: string, backupId: string, confirm: string): Promise<ActionResult> {
  return run(serviceId, async () => {
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    await restoreServiceBackup(ctx, { serviceId, backupId, confirm });
    return `Restoring ${confirm}…`;
  });
}

export async function deleteResellerBackupAction(serviceId: string, backupId: string): Promise<ActionResult> {
  return run(serviceId, async () => {
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    await deleteServiceBackup(ctx, { serviceId, backupId });
    return "Deleting the backup…";
  });
}

/** The usage card's data (serviceUsage) for one of the reseller's services; null for another account's. */
export async function getResellerServiceUsageAction(serviceId: string, range: string): Promise<ServiceUsage | null> {
  const viewer = await requireReseller().catch(() => null);
  if (!viewer) return null;
  const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
  return serviceUsage(ctx, { serviceId, range }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  });
}

/** `secret`: the rescue system's root password, shown once by the page. */
export async function rescueResellerServiceAction(serviceId: string): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    const { password } = await rescueService(ctx, { serviceId });
    revalidatePath(`/reseller/services/${serviceId}`);
    return { data: { secret: password }, message: "Booting the rescue system…" };
  }, LOG);
}

export async function unrescueResellerServiceAction(serviceId: string): Promise<ActionResult> {
  return run(serviceId, async () => {
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    await unrescueService(ctx, { serviceId });
    return "Rebooting into the installed system…";
  });
}

export async function setResellerRdnsAction(serviceId: string, ipAddressId: string, hostname: string): Promise<ActionResult> {
  return run(serviceId, async () => {
    const name = hostname.trim();
    const viewer = await requireReseller();
    const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
    const view = await setDedicatedReverseDns(ctx, { serviceId, ipAddressId, hostname: name === "" ? null : name });
    return view.reverseDns ? `Reverse DNS of ${view.address} set to ${view.reverseDns}` : `Reverse DNS of ${view.address} cleared`;
  });
}

/** The activity card's rows (listServiceActivity, jobs advanced first) for one of the reseller's services. */
export async function getResellerServiceActivityAction(serviceId: string): Promise<ActivityRow[] | null> {
  const viewer = await requireReseller().catch(() => null);
  if (!viewer) return null;
  const ctx = serviceContext({ db: getDb(), actor: { accountId: viewer.reseller.accountId } });
  return listServiceActivity(ctx, { serviceId }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  });
}

import { z } from "zod";
import type { SnapshotView } from "@/lib/backends/hypervisor-driver";
import { createServiceBackup, deleteServiceBackup, listServiceBackups, restoreServiceBackup } from "@/lib/services/snapshots/service-backups";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

const backupRow = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["creating", "available", "reverting", "deleting", "error"]),
  size_bytes: z.number().nullable(),
  restorable: z.boolean(),
  in_progress: z.boolean(),
  crash_consistent: z.boolean().nullable(),
  destroys_on_restore: z.array(z.string()),
  comes_back_running: z.boolean(),
  created_at: z.string(),
});

/** the reseller API spec "Native VPS snapshot row (backups routes)". */
export function backupRowJson(s: SnapshotView): z.infer<typeof backupRow> {
  return {
    id: s.id,
    name: s.name,
    status: s.status,
    size_bytes: s.sizeBytes,
    restorable: s.restorable,
    in_progress: s.inProgress,
    crash_consistent: s.crashConsistent,
    destroys_on_restore: s.destroysOnRestore,
    comes_back_running: s.comesBackRunning,
    created_at: s.createdAt.toISOString(),
  };
}

const jobResult = z.object({ jobId: z.string(), state: z.string(), progress: z.number() });

const RULES =
  "Native VPS backups are the VPS's disk snapshots: taking, restoring and deleting need the plan's snapshot feature (else 403; the list answers `max: 0`) and an active service " +
  "(suspended or terminated → 403, even for the list). One disk job (backup, restore, capture, reinstall) runs per VM at a time: another → 409.";

export const listServiceBackupsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/backups",
  scope: "read",
  signed: false,
  summary: "List the service's backups",
  description: `Native VPS: \`{snapshots[], used, max}\`, oldest first (\`max: 0\` = the plan has no snapshots). Dedicated: \`{backups: []}\`. ${RULES}`,
  response: z.union([z.object({ snapshots: z.array(backupRow), used: z.number(), max: z.number() }), z.object({ backups: z.array(z.never()) })]),
  async handler({ auth, db, now, params }) {
    const list = await listServiceBackups(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
    if (list.kind === "dedicated") return { backups: [] };
    return { snapshots: list.snapshots.map(backupRowJson), used: list.used, max: list.max };
  },
});

export const createServiceBackupEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/backups",
  scope: "services",
  signed: true,
  status: 202,
  summary: "Take a backup (a disk-only snapshot of the VPS; asynchronous)",
  description:
    "`{name?, description?}`; `name` matches `[A-Za-z0-9][A-Za-z0-9._-]{0,119}` and may not start with `auto-` or `system-` (400); " +
    "without one the backup is named `backup-YYYYMMDD-HHMMSS` (UTC). 202 with the new row (`status: creating`) and `jobId`; poll the list. " +
    `409 for the plan's cap, a duplicate name or another disk job. Dedicated servers refuse with 400. ${RULES}`,
  body: z.object({ name: z.string().max(200).nullish(), description: z.string().max(500).nullish() }),
  response: z.object({ backup: backupRow, jobId: z.string() }),
  async handler({ auth, db, now, params, body }) {
    const { snapshot, job } = await createServiceBackup(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, name: body.name, description: body.description });
    return reply({ backup: backupRowJson(snapshot), jobId: job.id }, { message: "Backup started" });
  },
});

export const restoreServiceBackupEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/backups/{backupId}/restore",
  scope: "destructive",
  signed: true,
  summary: "Restore a backup (destroys changes since it, and newer backups)",
  description:
    "Native VPS: `{confirm: <the backup's name>}` (400 `confirm must equal the snapshot name` otherwise). The VPS is stopped, its disk restored and " +
    `started again if it was running; every newer backup is destroyed. Answers the job with \`message: Backup restore initiated\`. ${RULES}`,
  body: z.object({ confirm: z.string().optional() }),
  response: jobResult,
  async handler({ auth, db, now, params, body }) {
    const job = await restoreServiceBackup(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, backupId: params.backupId, confirm: body.confirm });
    return reply({ jobId: job.id, state: job.state, progress: job.progress }, { message: "Backup restore initiated" });
  },
});

export const deleteServiceBackupEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/services/{serviceId}/backups/{backupId}",
  scope: "destructive",
  signed: true,
  summary: "Delete a backup",
  description: `The backup turns \`deleting\`, then is no longer listed. Answers the job. ${RULES}`,
  response: jobResult,
  async handler({ auth, db, now, params }) {
    const job = await deleteServiceBackup(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, backupId: params.backupId });
    return reply({ jobId: job.id, state: job.state, progress: job.progress }, { message: "Backup deletion initiated" });
  },
});

import { z } from "zod";
import { createServiceBackup, listServiceBackups, restoreServiceBackup } from "@/lib/services/snapshots/service-backups";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { snapshotJson, snapshotSchema } from "../vps/vps-snapshot-endpoints";
import { customerServiceContext } from "./customer-service-scope";

// the customer API spec Services group: the backups routes on /services/{id}. For a native VPS they are the
// VPS's snapshots (the same functions and rules as /vps/{id}/snapshots); a dedicated server lists none.

const RULES =
  "Native VPS: the VPS's disk snapshots (see `/vps/{id}/snapshots`): suspended or terminated 403 for writes (terminated also for the list), " +
  "plan without snapshots: the list answers `max: 0`, writes 403; another disk job (snapshot, capture, reinstall) 409. Dedicated: `{backups: []}`; creating one is 400.";

export const listCustomerServiceBackupsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}/backups",
  scope: "read",
  access: "services:view",
  tag: "services",
  summary: "List the service's backups",
  description: `Native VPS \`{snapshots[], used, max}\` (snapshot rows, oldest first); dedicated \`{backups: []}\`. ${RULES}`,
  response: z.union([z.object({ snapshots: z.array(snapshotSchema), used: z.number(), max: z.number() }), z.object({ backups: z.array(z.never()) })]),
  async handler({ auth, db, now, params }) {
    const list = await listServiceBackups(customerServiceContext(auth, db, now), { serviceId: params.id, readWhileSuspended: true });
    if (list.kind === "dedicated") return { backups: [] };
    return { snapshots: list.snapshots.map(snapshotJson), used: list.used, max: list.max };
  },
});

export const createCustomerServiceBackupEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/backups",
  scope: "services",
  access: "services:manage",
  tag: "services",
  status: 201,
  summary: "Take a backup (a disk snapshot of the VPS)",
  description: `\`{name?, description?}\`; without a name the backup is called \`backup-YYYYMMDD-HHMMSS\` (UTC). 201 \`{snapshot {id, name, status: creating}, pending: true}\`. ${RULES}`,
  body: z.object({ name: z.string().max(200).nullish(), description: z.string().max(500).nullish() }),
  response: z.object({ snapshot: z.object({ id: z.string(), name: z.string(), status: z.string() }), pending: z.literal(true) }),
  async handler({ auth, db, now, params, body }) {
    const { snapshot } = await createServiceBackup(customerServiceContext(auth, db, now), { serviceId: params.id, name: body.name, description: body.description });
    return { snapshot: { id: snapshot.id, name: snapshot.name, status: snapshot.status }, pending: true as const };
  },
});

export const restoreCustomerServiceBackupEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/backups/{backupId}/restore",
  scope: "services",
  access: "services:manage",
  tag: "services",
  summary: "Restore a backup (destroys changes since it, and newer backups)",
  description: `\`{confirm}\` must equal the backup's name (400 otherwise). Answers \`{job_id, pending: true}\`. ${RULES}`,
  body: z.object({ confirm: z.string().optional() }),
  response: z.object({ job_id: z.string(), pending: z.literal(true) }),
  async handler({ auth, db, now, params, body }) {
    const job = await restoreServiceBackup(customerServiceContext(auth, db, now), { serviceId: params.id, backupId: params.backupId, confirm: body.confirm });
    return reply({ job_id: job.id, pending: true as const }, { message: "Snapshot revert initiated" });
  },
});

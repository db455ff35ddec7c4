import { z } from "zod";
import type { SnapshotView } from "@/lib/backends/hypervisor-driver";
import {
  assertSnapshotsOffered,
  createVpsSnapshot,
  deleteVpsSnapshot,
  listVpsSnapshots,
  revertVpsSnapshot,
} from "@/lib/services/snapshots/vps-snapshots";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext, findCustomerVpsOrThrow } from "../services/customer-service-scope";

export const snapshotSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(["creating", "available", "reverting", "deleting", "error"]),
  size_bytes: z.number().nullable(),
  has_memory: z.literal(false),
  restorable: z.boolean(),
  in_progress: z.boolean(),
  crash_consistent: z.boolean().nullable(),
  destroys_on_restore: z.array(z.string()),
  comes_back_running: z.boolean(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

/** the customer API spec "VPS snapshot row". */
export function snapshotJson(s: SnapshotView): z.infer<typeof snapshotSchema> {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    status: s.status,
    size_bytes: s.sizeBytes,
    has_memory: false,
    restorable: s.restorable,
    in_progress: s.inProgress,
    crash_consistent: s.crashConsistent,
    destroys_on_restore: s.destroysOnRestore,
    comes_back_running: s.comesBackRunning,
    created_at: s.createdAt.toISOString(),
    completed_at: s.completedAt?.toISOString() ?? null,
  };
}

const ORDER =
  "Order of evaluation: scope, account permission, malformed id (400, `details [{field: id}]`), billing state (suspended or terminated: 403), snapshots offered by the plan (403), " +
  "then 400 for the body, 409 for cap, duplicate name, another disk job, or a snapshot not available. No webhook: poll the list every few seconds.";

export const listVpsSnapshotsEndpoint = defineEndpoint({
  method: "GET",
  path: "/vps/{id}/snapshots",
  scope: "read",
  access: "services:view",
  module: "nativeVps",
  tag: "vps",
  summary: "List the VPS's snapshots",
  description: "`{snapshots[], used, max}`, oldest first; `max: 0` means the plan has no snapshots (the list still answers; taking one is 403). Suspended services may read; terminated 403.",
  response: z.object({ snapshots: z.array(snapshotSchema), used: z.number(), max: z.number() }),
  async guard({ auth, db, params }) {
    assertSnapshotsOffered(await findCustomerVpsOrThrow(db, auth, params.id), "read");
  },
  async handler({ auth, db, now, params }) {
    const list = await listVpsSnapshots(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id });
    return { snapshots: list.snapshots.map(snapshotJson), used: list.used, max: list.max };
  },
});

export const createVpsSnapshotEndpoint = defineEndpoint({
  method: "POST",
  path: "/vps/{id}/snapshots",
  scope: "services",
  access: "services:manage",
  module: "nativeVps",
  tag: "vps",
  status: 201,
  summary: "Take a snapshot of the VPS's disk",
  description: `\`{name, description?}\`; name \`[A-Za-z0-9][A-Za-z0-9._-]{0,119}\`, not starting with \`auto-\` or \`system-\`. 201 \`{snapshot {id, name, status: creating}, pending: true}\`. ${ORDER}`,
  body: z.object({ name: z.string({ error: "name is required" }), description: z.string().max(500).nullish() }),
  response: z.object({ snapshot: z.object({ id: z.string(), name: z.string(), status: z.string() }), pending: z.literal(true) }),
  async guard({ auth, db, params }) {
    assertSnapshotsOffered(await findCustomerVpsOrThrow(db, auth, params.id), "write");
  },
  async handler({ auth, db, now, params, body }) {
    const { snapshot } = await createVpsSnapshot(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id, name: body.name, description: body.description ?? null });
    return { snapshot: { id: snapshot.id, name: snapshot.name, status: snapshot.status }, pending: true as const };
  },
});

export const revertVpsSnapshotEndpoint = defineEndpoint({
  method: "POST",
  path: "/vps/{id}/snapshots/{snapshotId}/revert",
  scope: "services",
  access: "services:manage",
  module: "nativeVps",
  tag: "vps",
  summary: "Revert the disk to a snapshot (destroys changes since it, and newer snapshots)",
  description: `\`{confirm}\` must equal the snapshot's name (400 otherwise). The VPS is stopped and started again if it was running; newer snapshots are destroyed. Answers \`{job_id, pending: true}\`. ${ORDER}`,
  body: z.object({ confirm: z.string().optional() }),
  response: z.object({ job_id: z.string(), pending: z.literal(true) }),
  async guard({ auth, db, params }) {
    assertSnapshotsOffered(await findCustomerVpsOrThrow(db, auth, params.id), "write");
  },
  async handler({ auth, db, now, params, body }) {
    const job = await revertVpsSnapshot(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id, snapshotId: params.snapshotId, confirm: body.confirm });
    return reply({ job_id: job.id, pending: true as const }, { message: "Snapshot revert initiated" });
  },
});

export const deleteVpsSnapshotEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/vps/{id}/snapshots/{snapshotId}",
  scope: "services",
  access: "services:manage",
  module: "nativeVps",
  tag: "vps",
  summary: "Delete a snapshot",
  description: `The snapshot turns \`deleting\`, then is no longer listed. Answers \`{job_id, pending: true}\`. ${ORDER}`,
  response: z.object({ job_id: z.string(), pending: z.literal(true) }),
  async guard({ auth, db, params }) {
    assertSnapshotsOffered(await findCustomerVpsOrThrow(db, auth, params.id), "write");
  },
  async handler({ auth, db, now, params }) {
    const job = await deleteVpsSnapshot(customerServiceContext(auth, db, now, "vps"), { serviceId: params.id, snapshotId: params.snapshotId });
    return { job_id: job.id, pending: true as const };
  },
});

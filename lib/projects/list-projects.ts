import type { DbOrTx } from "@/lib/db/client";
import { findProjectOrThrow } from "./find-project-or-throw";
import type { ProjectActor } from "./project-actor";
import { projectRecords, type ProjectRecord } from "./project-record";

/** The account's projects, the default one first, then by name; only the request's project when narrowed. */
export async function listProjects(actor: ProjectActor, options: { db: DbOrTx }): Promise<ProjectRecord[]> {
  const { db } = options;
  const projects = await db.project.findMany({
    where: { accountId: actor.accountId, ...(actor.scopedProjectId ? { id: actor.scopedProjectId } : {}) },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }, { createdAt: "asc" }],
  });
  return projectRecords(db, actor.accountId, projects);
}

export async function getProject(actor: ProjectActor, ref: string, options: { db: DbOrTx }): Promise<ProjectRecord> {
  const { db } = options;
  const [record] = await projectRecords(db, actor.accountId, [await findProjectOrThrow(db, actor, ref)]);
  return record!;
}

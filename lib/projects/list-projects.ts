import { findProjectOrThrow } from "./find-project-or-throw";
import type { ProjectContext } from "./project-actor";
import { projectRecords, type ProjectRecord } from "./project-record";

/** The account's projects, the default one first, then by name; only the request's project when narrowed. */
export async function listProjects({ db, actor }: ProjectContext): Promise<ProjectRecord[]> {
  const projects = await db.project.findMany({
    where: { accountId: actor.accountId, ...(actor.scopedProjectId ? { id: actor.scopedProjectId } : {}) },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }, { createdAt: "asc" }],
  });
  return projectRecords(db, actor.accountId, projects);
}

export async function getProject({ db, actor }: ProjectContext, { ref }: { ref: string }): Promise<ProjectRecord> {
  const [record] = await projectRecords(db, actor.accountId, [await findProjectOrThrow(db, actor, ref)]);
  return record!;
}

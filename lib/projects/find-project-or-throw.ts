import type { DbOrTx } from "@/lib/db/client";
import type { Project } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { ProjectActor } from "./project-actor";
import { isUuid } from "@/lib/schemas/uuid";

export const PROJECT_NOT_FOUND = "Project not found";

/** One of the actor's projects by id or slug (within the request's project, when narrowed); else 404. */
export async function findProjectOrThrow(db: DbOrTx, actor: ProjectActor, ref: string): Promise<Project> {
  const project = await findProjectByRef(db, actor.accountId, ref);
  if (!project || (actor.scopedProjectId && project.id !== actor.scopedProjectId)) throw new DomainError("not_found", PROJECT_NOT_FOUND);
  return project;
}

/** The account's project named by id or slug, or null. */
export async function findProjectByRef(db: DbOrTx, accountId: string, ref: string): Promise<Project | null> {
  const value = ref.trim();
  if (!value) return null;
  return db.project.findFirst({ where: { accountId, OR: isUuid(value) ? [{ id: value.toLowerCase() }, { slug: value }] : [{ slug: value }] } });
}

/** The account's `default` project (every account has one; made here for an account that somehow lacks it). */
export async function defaultProjectOf(db: DbOrTx, accountId: string): Promise<Project> {
  const found = await db.project.findFirst({ where: { accountId, isDefault: true }, orderBy: { createdAt: "asc" } });
  if (found) return found;
  return db.project.upsert({
    where: { accountId_slug: { accountId, slug: "default" } },
    create: { accountId, name: "default", slug: "default", description: "Everything not assigned to another project", isDefault: true },
    update: { isDefault: true },
  });
}

export function assertMayManageProjects(actor: ProjectActor): void {
  if (actor.bound) throw new DomainError("forbidden", "This API key is bound to a project; it cannot create, rename, delete or move projects");
}

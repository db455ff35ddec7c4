import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { scopeWhere, type ServiceScope } from "@/lib/services/find-scoped-service-or-throw";
import { assertMayManageProjects, defaultProjectOf, findProjectByRef, findProjectOrThrow } from "./find-project-or-throw";
import type { DomainContext } from "@/lib/db/domain-context";
import type { ProjectActor } from "./project-actor";
import { isUuid } from "@/lib/schemas/uuid";

export interface MoveServicesResult {
  project: { id: string; slug: string; name: string };
  /** Ids now in the project (including those already there). */
  moved: string[];
  /** Ids that name no service the caller can see: malformed, unknown, another account's or outside the request's project. */
  skipped: string[];
}

export const MAX_SERVICES_PER_MOVE = 200;

/**
 * Moves services into a project; what cannot be resolved is reported in `skipped`, never refused,
 * so a partial list still moves what it can. Bound keys cannot move projects (403).
 */
export async function moveServicesToProject(
  { db, actor }: DomainContext<ProjectActor & { serviceScope: ServiceScope }, Db>,
  { projectRef, serviceIds }: { projectRef: string; serviceIds: readonly string[] },
): Promise<MoveServicesResult> {
  const project = await findProjectOrThrow(db, actor, projectRef);
  assertMayManageProjects(actor);
  const wanted = [...new Set(serviceIds.map((id) => id.trim().toLowerCase()))];
  const valid = wanted.filter(isUuid);
  const found = valid.length
    ? await db.service.findMany({ where: { AND: [{ id: { in: valid } }, scopeWhere(actor.serviceScope)] }, select: { id: true } })
    : [];
  const ids = new Set(found.map((s) => s.id));
  if (ids.size) await db.service.updateMany({ where: { id: { in: [...ids] }, accountId: actor.accountId }, data: { projectId: project.id } });
  return {
    project: { id: project.id, slug: project.slug, name: project.name },
    moved: wanted.filter((id) => ids.has(id)),
    skipped: serviceIds.filter((id) => !ids.has(id.trim().toLowerCase())),
  };
}

/**
 * `PATCH /services/{id}` and `/vps/{id}` `{projectId}`: puts one service in a project (id or slug;
 * null = the default project). A bound key may only name its own project (403 PROJECT_SCOPE_MISMATCH);
 * an unknown project is 400 UNKNOWN_PROJECT.
 */
export async function setServiceProject(
  { db, actor }: DomainContext<ProjectActor & { serviceScope: ServiceScope }, Db>,
  { serviceId, projectRef }: { serviceId: string; projectRef: string | null },
): Promise<{ id: string; project: { id: string; slug: string; name: string } }> {
  const service = isUuid(serviceId) ? await db.service.findFirst({ where: { AND: [{ id: serviceId }, scopeWhere(actor.serviceScope)] }, select: { id: true } }) : null;
  if (!service) throw new DomainError("not_found", "Service not found");
  const project = projectRef === null ? await defaultProjectOf(db, actor.accountId) : await findProjectByRef(db, actor.accountId, projectRef);
  if (!project) {
    throw new DomainError("invalid", `Unknown project: ${projectRef}`, { code: "UNKNOWN_PROJECT", details: [{ field: "projectId", message: "No project of this account has that id or slug" }] });
  }
  if (actor.bound && project.id !== actor.scopedProjectId) {
    throw new DomainError("forbidden", "This API key is bound to another project", { code: "PROJECT_SCOPE_MISMATCH" });
  }
  await db.service.update({ where: { id: service.id }, data: { projectId: project.id } });
  return { id: service.id, project: { id: project.id, slug: project.slug, name: project.name } };
}

import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { assertMayManageProjects, defaultProjectOf, findProjectByRef, findProjectOrThrow } from "./find-project-or-throw";
import type { ProjectContext } from "./project-actor";
import { DEFAULT_PROJECT_SLUG } from "./project-rules";
import { formatCount } from "@/lib/format/format-count";

export interface DeleteProjectResult {
  id: string;
  deleted: true;
  /** Where its services and SSH keys went (`reassignTo`), or null when it held none. */
  reassigned_to: { id: string; slug: string; name: string } | null;
  moved: { services: number; ssh_keys: number };
}


/**
 * Deletes a project. While it holds resources (services not terminated, SSH keys) it is refused
 * with 409 and the count, unless `reassignTo` (id or slug of another project of the account) says
 * where they go. Terminated services and orders follow to `reassignTo`, else to the default
 * project. Keys bound to it are confined to it for life, so they must be revoked first (409). The
 * default project cannot be deleted. All in one transaction; the counts are re-read inside it.
 */
export async function deleteProject({ db, actor }: ProjectContext<Db>, input: { ref: string; reassignTo?: string | null }): Promise<DeleteProjectResult> {
  const { ref } = input;
  const project = await findProjectOrThrow(db, actor, ref);
  assertMayManageProjects(actor);
  if (project.isDefault) throw new DomainError("invalid", `The ${DEFAULT_PROJECT_SLUG} project cannot be deleted`);

  let target = null;
  if (input.reassignTo != null && input.reassignTo.trim() !== "") {
    target = await findProjectByRef(db, actor.accountId, input.reassignTo);
    if (!target) {
      throw new DomainError("invalid", `Unknown project: ${input.reassignTo.trim()}`, { code: "UNKNOWN_PROJECT", details: [{ field: "reassignTo", message: "No project of this account has that id or slug" }] });
    }
    if (target.id === project.id) throw new DomainError("invalid", "A project cannot be reassigned to itself", { details: [{ field: "reassignTo", message: "Name another project" }] });
  }

  return db.$transaction(async (tx) => {
    // Serialises with moves into this project that would otherwise slip in after the count.
    await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${project.id}::uuid FOR UPDATE`;
    const [services, sshKeys, keys] = await Promise.all([
      tx.service.count({ where: { projectId: project.id, status: { not: "terminated" } } }),
      tx.sshKey.count({ where: { projectId: project.id } }),
      tx.customerApiKey.count({ where: { projectId: project.id, revokedAt: null } }),
    ]);
    if (keys > 0) {
      throw new DomainError("conflict", `${formatCount(keys, "API key is", "API keys are")} bound to this project; revoke ${keys === 1 ? "it" : "them"} before deleting the project`);
    }
    if (services + sshKeys > 0 && !target) {
      const parts = [services ? formatCount(services, "service") : null, sshKeys ? formatCount(sshKeys, "SSH key") : null].filter(Boolean).join(" and ");
      throw new DomainError("conflict", `Project is not empty: it holds ${parts}; move them or pass ?reassignTo=<id|slug>`, {
        details: [{ field: "reassignTo", message: `${services + sshKeys} resources to reassign` }],
      });
    }
    const destination = target ?? (await defaultProjectOf(tx, actor.accountId));
    const [, movedKeys] = await Promise.all([
      tx.service.updateMany({ where: { projectId: project.id }, data: { projectId: destination.id } }),
      tx.sshKey.updateMany({ where: { projectId: project.id }, data: { projectId: destination.id } }),
      tx.order.updateMany({ where: { projectId: project.id }, data: { projectId: destination.id } }),
      tx.customerApiKey.updateMany({ where: { projectId: project.id }, data: { projectId: null } }),
    ]);
    await tx.project.delete({ where: { id: project.id } });
    return {
      id: project.id,
      deleted: true as const,
      reassigned_to: target ? { id: target.id, slug: target.slug, name: target.name } : null,
      moved: { services: target ? services : 0, ssh_keys: movedKeys.count },
    };
  });
}

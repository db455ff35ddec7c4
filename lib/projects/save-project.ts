import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { assertMayManageProjects, findProjectOrThrow } from "./find-project-or-throw";
import type { ProjectContext } from "./project-actor";
import { projectRecords, type ProjectRecord } from "./project-record";
import { DEFAULT_PROJECT_SLUG, slugFromName } from "./project-rules";

export interface ProjectInput {
  name: string;
  /** Derived from the name when left out. */
  slug?: string;
  description?: string | null;
  colour?: string | null;
}

const slugTaken = (slug: string) => new DomainError("conflict", `A project with the slug "${slug}" already exists`, { details: [{ field: "slug", message: "Already used by another project of this account" }] });

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** A new project of the account (input already validated by the caller's schema). Slugs are unique per account: 409. */
export async function createProject({ db, actor }: ProjectContext, input: ProjectInput): Promise<ProjectRecord> {
  assertMayManageProjects(actor);
  const slug = input.slug ?? slugFromName(input.name);
  if (!slug) throw new DomainError("invalid", "A slug could not be made from this name; send one", { details: [{ field: "slug", message: "Required for this name" }] });
  if (await db.project.findFirst({ where: { accountId: actor.accountId, slug }, select: { id: true } })) throw slugTaken(slug);
  try {
    const project = await db.project.create({
      data: { accountId: actor.accountId, name: input.name, slug, description: input.description ?? null, colour: input.colour ?? null },
    });
    return (await projectRecords(db, actor.accountId, [project]))[0]!;
  } catch (error) {
    // Two creates racing for one slug: the unique index decides.
    if (isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

export type ProjectPatch = Partial<Pick<ProjectInput, "name" | "slug" | "description" | "colour">>;

/** Renames a project or changes its slug, description or colour. The default project keeps its name and slug. */
export async function updateProject({ db, actor }: ProjectContext, { ref, patch }: { ref: string; patch: ProjectPatch }): Promise<ProjectRecord> {
  const project = await findProjectOrThrow(db, actor, ref);
  assertMayManageProjects(actor);
  const renames = (patch.name !== undefined && patch.name !== project.name) || (patch.slug !== undefined && patch.slug !== project.slug);
  if (project.isDefault && renames) {
    throw new DomainError("invalid", `The ${DEFAULT_PROJECT_SLUG} project keeps its name and slug; only its description and colour can change`, {
      details: [{ field: patch.slug !== undefined && patch.slug !== project.slug ? "slug" : "name", message: "Fixed for the default project" }],
    });
  }
  if (patch.slug !== undefined && patch.slug !== project.slug) {
    if (await db.project.findFirst({ where: { accountId: actor.accountId, slug: patch.slug }, select: { id: true } })) throw slugTaken(patch.slug);
  }
  try {
    const updated = await db.project.update({
      where: { id: project.id },
      data: {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.colour !== undefined ? { colour: patch.colour } : {}),
      },
    });
    return (await projectRecords(db, actor.accountId, [updated]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error) && patch.slug) throw slugTaken(patch.slug);
    throw error;
  }
}

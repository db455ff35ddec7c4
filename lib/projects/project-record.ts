import type { DbOrTx } from "@/lib/db/client";
import type { Project } from "@/lib/generated/prisma/client";

/** A project as the API and the panel show it, with what it holds. */
export interface ProjectRecord {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  colour: string | null;
  is_default: boolean;
  /** Services not terminated; the default project also counts those assigned to no project. */
  service_count: number;
  ssh_key_count: number;
  created_at: string;
  updated_at: string;
}

/** Records for `projects` with their counts, in one query per count. */
export async function projectRecords(db: DbOrTx, accountId: string, projects: Project[]): Promise<ProjectRecord[]> {
  if (projects.length === 0) return [];
  const ids = projects.map((p) => p.id);
  const hasDefault = projects.some((p) => p.isDefault);
  const [services, keys] = await Promise.all([
    db.service.groupBy({
      by: ["projectId"],
      where: { accountId, status: { not: "terminated" }, ...(hasDefault ? { OR: [{ projectId: { in: ids } }, { projectId: null }] } : { projectId: { in: ids } }) },
      _count: { _all: true },
    }),
    db.sshKey.groupBy({
      by: ["projectId"],
      where: { accountId, ...(hasDefault ? { OR: [{ projectId: { in: ids } }, { projectId: null }] } : { projectId: { in: ids } }) },
      _count: { _all: true },
    }),
  ]);
  const count = (rows: { projectId: string | null; _count: { _all: number } }[], p: Project) =>
    rows.filter((r) => r.projectId === p.id || (p.isDefault && r.projectId === null)).reduce((n, r) => n + r._count._all, 0);
  return projects.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    colour: p.colour,
    is_default: p.isDefault,
    service_count: count(services, p),
    ssh_key_count: count(keys, p),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }));
}

import type { DbOrTx } from "@/lib/db/client";
import { defaultProjectOf } from "@/lib/projects/find-project-or-throw";

export interface ServiceProjectDoc {
  id: string;
  slug: string;
  name: string;
}

/**
 * The project each service belongs to, as documents report it. Every account has a `default` project
 * holding everything unassigned (the customer API spec Authentication §4), so a service with no project
 * reports its account's default one, never null. One query for a whole page (the assigned projects and
 * the accounts' default ones together); only an account that somehow lacks its default costs more.
 */
export async function projectsOfServices(
  db: DbOrTx,
  services: readonly { id: string; accountId: string; projectId: string | null }[],
): Promise<Map<string, ServiceProjectDoc>> {
  const out = new Map<string, ServiceProjectDoc>();
  if (services.length === 0) return out;
  const assigned = [...new Set(services.flatMap((s) => (s.projectId ? [s.projectId] : [])))];
  const unassigned = [...new Set(services.filter((s) => !s.projectId).map((s) => s.accountId))];
  const rows = await db.project.findMany({
    where: { OR: [{ id: { in: assigned } }, { accountId: { in: unassigned }, isDefault: true }] },
    select: { id: true, slug: true, name: true, accountId: true, isDefault: true },
    orderBy: { createdAt: "asc" },
  });
  const byId = new Map(rows.map((p) => [p.id, p]));
  const defaults = new Map<string, ServiceProjectDoc>();
  for (const p of rows) if (p.isDefault && !defaults.has(p.accountId)) defaults.set(p.accountId, p);
  for (const accountId of unassigned) if (!defaults.has(accountId)) defaults.set(accountId, await defaultProjectOf(db, accountId));
  for (const s of services) {
    const p = (s.projectId ? byId.get(s.projectId) : undefined) ?? defaults.get(s.accountId) ?? (await defaultProjectOf(db, s.accountId));
    out.set(s.id, { id: p.id, slug: p.slug, name: p.name });
  }
  return out;
}

import type { Tx } from "@/lib/db/client";

/** Every account has a project named `default` holding everything not assigned elsewhere. */
export async function createDefaultProject(tx: Tx, accountId: string): Promise<string> {
  const project = await tx.project.create({
    data: { accountId, name: "default", slug: "default", description: "Everything not assigned to another project", isDefault: true },
  });
  return project.id;
}

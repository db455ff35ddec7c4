import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";

/**
 * Who manages projects: the account, and — from the customer API — the project the request is
 * narrowed to. A key bound to a project (`bound`) sees only that project and may not create,
 * rename, delete or move projects; an unbound key narrowed with `X-Project-Id` sees only that one.
 */
export interface ProjectActor {
  accountId: string;
  scopedProjectId?: string | null;
  bound?: boolean;
}

/** The context every project function takes first (lib/db/domain-context.ts). */
export type ProjectContext<D extends DbOrTx = DbOrTx> = DomainContext<ProjectActor, D>;

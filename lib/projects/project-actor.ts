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

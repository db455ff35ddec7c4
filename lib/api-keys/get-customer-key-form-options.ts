import { resolveCustomerKeyActor, type CustomerApiKeyContext } from "./customer-key-actor";
import { memberScopeAvailability, type ScopeAvailability } from "./member-scope-availability";

export type CustomerKeyFormOptions = {
  scopes: ScopeAvailability[];
  /** A member whose permissions do not even allow `read` cannot mint a key at all. */
  canMint: boolean;
  projects: { id: string; name: string; slug: string; isDefault: boolean }[];
};

/** What the create form offers this user: scopes their permissions allow, and the account's projects. */
export async function getCustomerKeyFormOptions({ db, actor }: CustomerApiKeyContext): Promise<CustomerKeyFormOptions> {
  const resolved = await resolveCustomerKeyActor(db, actor);
  const scopes = memberScopeAvailability(resolved.permissions);
  const projects = await db.project.findMany({
    where: { accountId: actor.accountId },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }],
    select: { id: true, name: true, slug: true, isDefault: true },
  });

  return { scopes, canMint: scopes.find((s) => s.scope === "read")!.allowed, projects };
}

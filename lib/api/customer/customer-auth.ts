import type { AccountStatus } from "@/lib/generated/prisma/enums";
import type { CustomerApiKeyScope } from "@/lib/api-keys/customer-api-key-scopes";

export interface ProjectRef {
  id: string;
  slug: string;
  name: string;
}

/** Who a customer API request acts as; built from the key on every request. */
export interface CustomerAuth {
  keyId: string;
  keyLabel: string;
  scopes: CustomerApiKeyScope[];
  keyExpiresAt: Date | null;
  accountId: string;
  accountName: string;
  accountStatus: AccountStatus;
  user: { id: string; email: string; name: string };
  /** `former_member`: the key's user has left the account (no account permissions remain). */
  role: "owner" | "member" | "former_member";
  /** Live account permissions: "all" for the owner. */
  permissions: readonly string[] | "all";
  /** The project the key is confined to for life, if any. */
  boundProject: ProjectRef | null;
  /** The project this request is narrowed to (bound project, or `X-Project-Id` / `?project=`). */
  project: (ProjectRef & { bound: boolean }) | null;
}

/** The caller as the credit rules see it (credit is per user: the owner spends the account's). */
export function creditActorOf(auth: Pick<CustomerAuth, "accountId" | "user" | "role">): { accountId: string; userId: string; isOwner: boolean } {
  return { accountId: auth.accountId, userId: auth.user.id, isOwner: auth.role === "owner" };
}

import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";

/** Who manages a reseller's API keys in the portal: the reseller (its profile id). */
export type ResellerKeyActor = { resellerId: string };

/** The context every reseller API key function takes first (lib/db/domain-context.ts). */
export type ResellerApiKeyContext<D extends DbOrTx = DbOrTx> = DomainContext<ResellerKeyActor, D>;

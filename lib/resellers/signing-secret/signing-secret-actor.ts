import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";

/** Who reads or rotates a signing secret: the reseller whose profile holds it. */
export interface SigningSecretActor {
  resellerId: string;
}

/** The context the signing secret functions take first (lib/db/domain-context.ts). */
export type SigningSecretContext<D extends DbOrTx = DbOrTx> = DomainContext<SigningSecretActor, D>;

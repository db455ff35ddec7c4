import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";

/**
 * The supplier's operator acting in the admin console. Operators see every tenant, so operator
 * functions check no ownership; the actor records who acted, for audit.
 */
export interface OperatorActor {
  userId: string;
  /** The request's client address, for the audit log; absent or null when the server does not know it. */
  ip?: string | null;
}

/** The context every operator function takes first (lib/db/domain-context.ts). */
export type OperatorContext<D extends DbOrTx = DbOrTx> = DomainContext<OperatorActor, D>;

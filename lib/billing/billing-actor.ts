import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";

/**
 * Who reads an account's invoices and proformas: the account. Documents are account-wide, so no
 * project narrows them; whose credit pays them is CreditActor's (resolve-credit-account).
 */
export interface BillingActor {
  accountId: string;
}

/** The context the document reads take first (lib/db/domain-context.ts). */
export type BillingContext<D extends DbOrTx = DbOrTx> = DomainContext<BillingActor, D>;

import type { DbOrTx } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The columns of a customer record the reseller sees. */
export const RESELLER_CUSTOMER_SELECT = {
  id: true,
  resellerId: true,
  externalCustomerId: true,
  email: true,
  name: true,
  metadata: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.ResellerCustomerSelect;

export type ResellerCustomerRecord = Prisma.ResellerCustomerGetPayload<{ select: typeof RESELLER_CUSTOMER_SELECT }>;

/** Who acts for a reseller: its profile, and the customer its key is bound to, if any (customer records narrow to it). */
export interface ResellerActor {
  resellerId: string;
  boundCustomerId?: string | null;
}

/** The context the reseller-facing functions take first (lib/db/domain-context.ts). */
export type ResellerContext<D extends DbOrTx = DbOrTx> = DomainContext<ResellerActor, D>;

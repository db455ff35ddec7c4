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

/** Who acts on customer records: the reseller, and the customer its key is bound to, if any. */
export interface ResellerActor {
  resellerId: string;
  boundCustomerId?: string | null;
}

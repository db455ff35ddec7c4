import { z } from "zod";
import type { ResellerCustomerRecord } from "@/lib/resellers/customers/reseller-customer-row";

/** Customer record as the reseller API prints it (snake_case; `service_count` on full list rows only). */
export const customerRowSchema = z.object({
  id: z.string(),
  reseller_id: z.string(),
  external_customer_id: z.string(),
  external_customer_email: z.string().nullable(),
  external_customer_name: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  service_count: z.string().optional().describe("Services attributed to the customer, any status (list rows of unbound keys only)"),
  created_at: z.string(),
  updated_at: z.string(),
});

export function customerRow(c: ResellerCustomerRecord, serviceCount?: number): z.input<typeof customerRowSchema> {
  const metadata = c.metadata && typeof c.metadata === "object" && !Array.isArray(c.metadata) ? (c.metadata as Record<string, unknown>) : {};
  return {
    id: c.id,
    reseller_id: c.resellerId,
    external_customer_id: c.externalCustomerId,
    external_customer_email: c.email,
    external_customer_name: c.name,
    metadata,
    ...(serviceCount !== undefined ? { service_count: String(serviceCount) } : {}),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

import { z } from "zod";
import { updateResellerCustomer } from "@/lib/resellers/customers/update-reseller-customer";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { customerRow, customerRowSchema } from "./customer-row";

export const updateCustomerEndpoint = defineEndpoint({
  method: "PUT",
  path: "/customers/{customerId}",
  scope: "customers",
  signed: true,
  summary: "Update a customer record: only the fields sent; metadata is replaced wholesale",
  description: "`null` clears the email or name. 404 when the record is not yours.",
  body: z.object({
    externalCustomerEmail: z.email().max(255).nullable().optional(),
    externalCustomerName: z.string().max(255).nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  response: customerRowSchema,
  async handler({ auth, db, now, params, body }) {
    const customer = await updateResellerCustomer(
      { db, now, actor: { resellerId: auth.resellerId, boundCustomerId: auth.customerId } },
      { id: params.customerId, patch: { email: body.externalCustomerEmail, name: body.externalCustomerName, metadata: body.metadata } },
    );
    return reply(customerRow(customer), { message: "Customer updated" });
  },
});

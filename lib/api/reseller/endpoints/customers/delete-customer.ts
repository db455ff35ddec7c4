import { z } from "zod";
import { deleteResellerCustomer } from "@/lib/resellers/customers/delete-reseller-customer";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";

export const deleteCustomerEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/customers/{customerId}",
  scope: "customers",
  signed: true,
  summary: "Delete a customer record (hard delete)",
  description:
    "Refused 400 while any service attributed to the customer is neither terminated nor cancelled. " +
    "Orders and services keep their history with the customer fields emptied; keys bound to the customer are revoked.",
  response: z.object({ id: z.string(), deleted: z.literal(true), revokedKeys: z.number().int() }),
  async handler({ auth, db, now, params }) {
    const result = await deleteResellerCustomer(
      { db, now, actor: { resellerId: auth.resellerId, boundCustomerId: auth.customerId } },
      { id: params.customerId },
    );
    return reply({ id: result.id, deleted: true as const, revokedKeys: result.revokedKeys }, { message: "Customer deleted" });
  },
});

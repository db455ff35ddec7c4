import { z } from "zod";
import { createResellerCustomer } from "@/lib/resellers/customers/create-reseller-customer";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { customerRow, customerRowSchema } from "./customer-row";

export const createCustomerEndpoint = defineEndpoint({
  method: "POST",
  path: "/customers",
  scope: "customers",
  signed: true,
  summary: "Create a customer record (idempotent on externalCustomerId)",
  description:
    "Always 200. When a record with this `externalCustomerId` exists it is returned unchanged. " +
    "Customer records are bookkeeping only: they create no login.",
  body: z.object({
    externalCustomerId: z.string().trim().min(1, { error: "Required" }).max(100),
    externalCustomerEmail: z.email().max(255).nullish(),
    externalCustomerName: z.string().max(255).nullish(),
  }),
  response: customerRowSchema,
  async handler({ auth, db, now, body }) {
    const { customer, created } = await createResellerCustomer(
      { db, now, actor: { resellerId: auth.resellerId } },
      { externalCustomerId: body.externalCustomerId, email: body.externalCustomerEmail, name: body.externalCustomerName },
    );
    return reply(customerRow(customer), { message: created ? "Customer created" : "Customer already exists; returned unchanged" });
  },
});

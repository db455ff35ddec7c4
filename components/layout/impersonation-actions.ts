"use server";

import { redirect } from "next/navigation";
import { updateSession } from "@/auth";

/** Ends the customer view (its row and audit entry, in the session callback) and goes back to the customer's page in the console. */
export async function endImpersonationAction(accountId: string): Promise<void> {
  await updateSession({ endImpersonation: true } as never);
  redirect(/^[0-9a-f-]{36}$/i.test(accountId) ? `/admin/customers/${accountId}` : "/admin/customers");
}

import { redirect } from "next/navigation";
import { requireCustomer } from "@/lib/auth/session";

export default async function BillingPage() {
  await requireCustomer();
  redirect("/billing/invoices");
}

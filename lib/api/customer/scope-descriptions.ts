import type { CustomerApiKeyScope } from "@/lib/api-keys/customer-api-key-scopes";

/** the customer API spec Authentication §2, as identity (`GET /`) and the docs present them. */
export const CUSTOMER_SCOPE_DESCRIPTIONS: Record<CustomerApiKeyScope, string> = {
  read: "Every GET (always included)",
  services: "Power, reinstall, password reset, snapshots, backups, plugin actions, SSH keys, withdraw a cancellation",
  orders: "Create orders, buy add-ons, request or cancel upgrades",
  billing: "Pay invoices and proformas from credit, request a renewal",
  destructive: "Cancel services (end of term or immediate), cancel add-ons",
};

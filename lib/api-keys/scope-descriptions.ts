import type { CustomerApiKeyScope } from "./customer-api-key-scopes";
import type { ResellerApiKeyScope } from "./reseller-api-key-scopes";

// What each scope unlocks, for the key forms (the customer API spec and the reseller API spec, Authentication).

export const CUSTOMER_SCOPE_LABELS: Record<CustomerApiKeyScope, { title: string; description: string }> = {
  read: { title: "Read", description: "Every GET request. Always included." },
  services: {
    title: "Services",
    description: "Power, reinstall, password reset, snapshots, backups, plugin actions, SSH keys, withdraw a cancellation.",
  },
  orders: { title: "Orders", description: "Create orders, buy add-ons, request or cancel upgrades." },
  billing: { title: "Billing", description: "Pay invoices and proformas from credit, request a renewal." },
  destructive: { title: "Destructive", description: "Cancel services (end of term or immediately) and cancel add-ons." },
};

export const RESELLER_SCOPE_LABELS: Record<ResellerApiKeyScope, { title: string; description: string }> = {
  read: {
    title: "Read",
    description: "Products, orders, services and their stats, traffic, backups list and documents, customers list, OS templates, images.",
  },
  orders: { title: "Orders", description: "Place orders, retry a payment, change a service's add-ons." },
  services: {
    title: "Services",
    description: "Power, suspend and unsuspend, change package, backups, rDNS, SSH keys, rescue, console, game and plugin writes.",
  },
  destructive: { title: "Destructive", description: "Terminate, reinstall, reset passwords, restore and delete backups." },
  customers: { title: "Customers", description: "Create, update and delete customer records." },
  account: { title: "Account", description: "Payment methods (listing included), webhook URL and webhook test." },
};

import type { AccountPermission } from "../account-permissions";

/**
 * What each permission lets a member do, in the owner's words, for the team page. Follows the access
 * table (../account-access.ts, docs/decisions.md#r12) and the key scopes
 * (lib/api-keys/customer-scope-permissions.ts); every member sees the account, the catalogue, their
 * own credit and the SSH keys anyway.
 */
export const PERMISSION_DESCRIPTIONS: Record<AccountPermission, { title: string; description: string }> = {
  "services.view": { title: "See services", description: "Services, their orders and projects, with stats and traffic." },
  "services.power": { title: "Power services", description: "Start, stop and reboot; edit projects and SSH keys. Includes seeing services." },
  "services.manage": {
    title: "Manage services",
    description: "Everything on a service (reinstall, passwords, console, snapshots, backups, add-ons), and placing orders. Includes seeing services.",
  },
  "services.cancel": { title: "Cancel services", description: "Cancel services and remove add-ons; delete projects." },
  "invoices.view": { title: "See invoices", description: "Invoices and proformas of the account." },
  "invoices.pay": { title: "Pay invoices", description: "Pay invoices and renew services; use and manage the saved cards." },
  "billing.view": { title: "Billing overview", description: "Lets them create read-only API keys; what those keys read still follows the other permissions." },
};

import { canAny, type AccountActor, type AccountPermission } from "./account-permissions";

/**
 * A rule: every clause must be met, a clause by any one of its permissions. `[]` = any member of the
 * account (the owner holds every permission, so every rule lets the owner through).
 */
export type AccessRule = readonly (readonly AccountPermission[])[];

/** Seeing services: services.view, or a permission on services that implies seeing them. */
const SEE_SERVICES = ["services.view", "services.manage", "services.power"] as const satisfies readonly AccountPermission[];
const ANY_MEMBER: AccessRule = [];

/**
 * What a team member may see and change on the account, per resource family: the ONE table the
 * customer API's authorisation (every endpoint names its entry) and the panel's pages and actions
 * ask (docs/decisions.md#r12). Scopes of members' keys are a separate, spec-fixed rule
 * (lib/api-keys/customer-scope-permissions.ts); a request needs both.
 */
export const ACCOUNT_ACCESS = {
  /** The account's profile (name, currency, the member's own permissions). */
  account: { view: ANY_MEMBER },
  /** Products, prices, locations and availability (the panel's Order page; placing is `orders:place`). */
  catalogue: { view: ANY_MEMBER },
  /** The member's own credit: balance and ledger (credit is per user). */
  credit: { view: ANY_MEMBER },
  /** The month at a glance (`GET /account/usage`): services and invoices together, so both. */
  usage: { view: [SEE_SERVICES, ["invoices.view"]] },
  /** Services and everything under them: VPS, dedicated, stats, traffic, snapshots, backups, custom images, add-ons, upgrades. */
  services: {
    view: [SEE_SERVICES],
    power: [["services.power", "services.manage"]],
    manage: [["services.manage"]],
    cancel: [["services.cancel"]],
    withdrawCancellation: [["services.cancel", "services.manage"]],
    /** The VNC and serial consoles: a keyboard on the machine reaches what a password reset does (docs/decisions.md#r19). */
    console: [["services.manage"]],
    /** Renewing on demand issues a document and pays it from credit (docs/decisions.md#r4). */
    renew: [["invoices.pay"]],
  },
  /** Orders: what was bought and the services it built. */
  orders: { view: [SEE_SERVICES], place: [["services.manage"]] },
  /** Invoices and proformas of the account. */
  invoices: { view: [["invoices.view"]], pay: [["invoices.pay"]] },
  /** The account's saved cards: whoever may pay its invoices may pay with them and manage them. */
  cards: { view: [["invoices.pay"]], manage: [["invoices.pay"]] },
  projects: { view: [SEE_SERVICES], manage: [["services.manage", "services.power"]], delete: [["services.cancel"]] },
  /** The account's SSH public keys (installed on every server). */
  sshKeys: { view: ANY_MEMBER, manage: [["services.manage", "services.power"]] },
} as const satisfies Record<string, { view: AccessRule } & Record<string, AccessRule>>;

export type AccountResource = keyof typeof ACCOUNT_ACCESS;
/** `"<resource>:<what>"`, e.g. `"services:view"`, `"invoices:pay"`. */
export type AccountAccess = { [R in AccountResource]: `${R}:${keyof (typeof ACCOUNT_ACCESS)[R] & string}` }[AccountResource];

export const ACCOUNT_RESOURCES = Object.keys(ACCOUNT_ACCESS) as AccountResource[];

export function accessRule(access: AccountAccess): AccessRule {
  const [resource, what] = access.split(":") as [AccountResource, string];
  return (ACCOUNT_ACCESS[resource] as Record<string, AccessRule>)[what]!;
}

/** Whether `actor` (the owner, or a member with their stored permissions) may do `access`. */
export function mayAccess(actor: AccountActor, access: AccountAccess): boolean {
  return accessRule(access).every((clause) => canAny(actor, clause));
}

/** What a rule needs, for refusals: "one of: services.view, services.manage, services.power" (several clauses joined by "; and "). */
export function describeAccess(access: AccountAccess): string {
  const rule = accessRule(access);
  if (rule.length === 0) return "membership of the account";
  return rule.map((clause) => `one of: ${clause.join(", ")}`).join("; and ");
}

/** The refusal's sentence, in the panel and the customer API alike. */
export function accessRefusal(access: AccountAccess): string {
  return `Your account permissions do not allow this (needs ${describeAccess(access)})`;
}

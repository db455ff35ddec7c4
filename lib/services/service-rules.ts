import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";

// The service state machine (the reseller API spec "States and transitions", the customer API spec "States and
// transitions", docs/decisions.md#d7). Two tables: what the lifecycle verbs do to the stored status, and which
// controls each status allows. Every API and the panel go through these; tests read them row by row.

export const SERVICE_NOT_FOUND = "Service not found";
/** What the customer API's `/vps/{id}` routes answer for an id that is not one of the caller's VPS. */
export const VPS_NOT_FOUND = "VPS not found";
/** What the customer API's `/dedicated/{id}` routes answer for an id that is not one of the caller's dedicated servers. */
export const DEDICATED_NOT_FOUND = "Dedicated server not found";
/** The `/game` routes' 404 (customer API code `game.server_not_found`): absent, not owned or not a game service. */
export const GAME_NOT_FOUND = "Game server not found";
export const GAME_NOT_FOUND_CODE = "game.server_not_found";

export type LifecycleVerb = "suspend" | "unsuspend" | "terminate";

/** From → to per lifecycle verb. A status absent from a verb's row refuses it (see lifecycleRefusal). */
export const LIFECYCLE_TRANSITIONS: Record<LifecycleVerb, Partial<Record<ServiceStatus, ServiceStatus>>> = {
  suspend: { active: "suspended" },
  unsuspend: { suspended: "active" },
  terminate: {
    pending: "terminated",
    pending_payment: "terminated",
    installing: "terminated",
    active: "terminated",
    suspended: "terminated",
    provisioning_failed: "terminated",
    cancelled: "terminated",
    fraud: "terminated",
    // terminated → terminated is the idempotent replay (alreadyTerminated), handled by the caller.
  },
};

export type Control = "start" | "stop" | "restart" | "reinstall" | "password" | "console" | "backup_create" | "os_templates" | "stats" | "rescue" | "rdns" | "ssh_keys" | "transit_config";

/** Controls a suspended service still accepts: stop, restart, stats and OS templates. */
const SUSPENDED_ALLOWS: ReadonlySet<Control> = new Set(["stop", "restart", "stats", "os_templates"]);

export const TERMINATED_SENTENCE = "Service is terminated";
export const SUSPENDED_SENTENCE = "Service is suspended; only stop and restart are allowed";

/** The 403 a control gets from the billing state, or null when the state allows it. */
export function controlRefusal(status: ServiceStatus, control: Control): DomainError | null {
  if (status === "terminated") return new DomainError("forbidden", TERMINATED_SENTENCE);
  if (status === "suspended" && !SUSPENDED_ALLOWS.has(control)) return new DomainError("forbidden", SUSPENDED_SENTENCE);
  return null;
}

export function assertControlAllowed(status: ServiceStatus, control: Control): void {
  const refusal = controlRefusal(status, control);
  if (refusal) throw refusal;
}

/** The refusal of a lifecycle verb from `status` (terminated refuses with 403 first, docs/decisions.md#d7), or null. */
export function lifecycleRefusal(verb: LifecycleVerb, status: ServiceStatus): DomainError | null {
  if (verb === "terminate") return null;
  if (status === "terminated") return new DomainError("forbidden", TERMINATED_SENTENCE);
  if (LIFECYCLE_TRANSITIONS[verb][status]) return null;
  return new DomainError("conflict", verb === "suspend" ? "Only an active service can be suspended" : "Only a suspended service can be unsuspended");
}

// Consoles (reseller API "Console session", "Console cast link"; docs/decisions.md#r17).

/** 409: a VM that is stopped has no console until it is started. */
export const CONSOLE_VM_STOPPED = "The VM is stopped; start it to open its console";
/** 409: no machine yet, or one still being defined or built. */
export const CONSOLE_NO_DISPLAY = "The machine has no display yet";
/** 400: a dedicated server whose controller offers no KVM console. */
export const NO_MANAGEMENT_CONTROLLER = "This server has no management controller";
/** 400: the serial console is a VPS's (a dedicated server's KVM has none). */
export const SERIAL_VPS_ONLY = "The serial console exists only for a VPS";
/** 400: casts are VPS and dedicated consoles. */
export const CAST_KIND_REFUSED = "Console links exist only for a VPS or a dedicated server";
/** 400: view-only is enforced by the relay, which a VPS on a shared cluster does not go through. */
export const CAST_VIEW_ONLY_SHARED = "A view-only console link is not available for a VPS on a shared cluster";
/** 403: casts are a reseller feature. */
export const CAST_RESELLERS_ONLY = "Console links are available to resellers only";
/** The one 404 of /cast/<ticket>, whatever the reason: unknown, expired, revoked, or the service terminated. */
export const CAST_NOT_FOUND = "This console link does not exist or has expired";
export const CONSOLE_CAST_NOT_FOUND = "Console link not found";

import type { AccountAccess } from "@/lib/accounts/account-access";
import { assertServiceControl } from "../assert-service-control";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import { BackendError } from "@/lib/backends/backend-error";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { type PowerVerb } from "../service-controls";
import { type Control } from "../service-rules";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { powerServiceMachine } from "./change-service-power";
import { serviceMachineOrThrow } from "./service-machine-or-throw";

/**
 * The generic `POST /services/{id}/actions/{action}` verbs (the customer API spec "Plugin actions").
 * Only the native providers exist, so the verb catalogue is theirs:
 * - power: `start`, `stop`, `restart` (and the aliases `shutdown`, `reboot`) — the same work as
 *   `POST /services/{id}/power/{action}`;
 * - reads: `status` (the machine's state; `unknown` when the provider is unreachable, a tolerant
 *   read), `stats` (VPS figures), `backups.list` (native VPS: `{backups: [], available: false}`);
 * - verbs the provider implements but does not expose to customers (403 ACTION_NOT_ALLOWED):
 *   the operator's lifecycle verbs and `backups.create` (native VPS keep snapshots, not backups);
 * - anything else: 400 ACTION_UNKNOWN.
 */
export type ServiceActionKind = "power" | "read" | "mutation";

interface ActionEntry {
  kind: ServiceActionKind;
  control: Control;
  power?: PowerVerb;
}

const CUSTOMER_ACTIONS: Record<string, ActionEntry> = {
  start: { kind: "power", control: "start", power: "start" },
  stop: { kind: "power", control: "stop", power: "stop" },
  shutdown: { kind: "power", control: "stop", power: "stop" },
  restart: { kind: "power", control: "restart", power: "restart" },
  reboot: { kind: "power", control: "restart", power: "restart" },
  status: { kind: "read", control: "stats" },
  stats: { kind: "read", control: "stats" },
  "backups.list": { kind: "read", control: "stats" },
};

/** Implemented by the native providers but not offered to customers. */
const OPERATOR_ONLY_ACTIONS: ReadonlySet<string> = new Set(["suspend", "unsuspend", "terminate", "backups.create", "backups.restore", "rescue", "unrescue"]);

export const ACTION_NOT_ALLOWED = "ACTION_NOT_ALLOWED";
export const ACTION_UNKNOWN = "ACTION_UNKNOWN";

/**
 * The entry of the access table (lib/accounts/account-access.ts) a team member must satisfy for a
 * verb. Provider mutations — and any verb not known to be a read or a power action — need
 * `services:manage` (customer Authentication §3).
 */
export function serviceActionAccess(action: string): AccountAccess {
  const entry = Object.hasOwn(CUSTOMER_ACTIONS, action) ? CUSTOMER_ACTIONS[action]! : null;
  if (entry?.kind === "power") return "services:power";
  if (entry?.kind === "read") return "services:view";
  return "services:manage";
}

function entryOrThrow(action: string): ActionEntry {
  if (Object.hasOwn(CUSTOMER_ACTIONS, action)) return CUSTOMER_ACTIONS[action]!;
  if (OPERATOR_ONLY_ACTIONS.has(action)) throw new DomainError("forbidden", `The action '${action}' is not available to customers`, { code: ACTION_NOT_ALLOWED });
  throw new DomainError("invalid", `The provider does not implement the action '${action}'`, { code: ACTION_UNKNOWN });
}

/**
 * The refusals that come before the cool-down (the customer API spec order of evaluation): the verb is
 * known and offered (400 / 403), the service has remote controls (400), billing state (403),
 * capabilities (403). Returns whether the verb is a power action (which consumes the power cool-down).
 */
export function guardServiceAction(service: ScopedService, action: string): { kind: ServiceActionKind; power: PowerVerb | null } {
  const entry = entryOrThrow(action);
  const backend = assertServiceControl(service, entry.power ?? entry.control);
  if (backend === "dedicated" && (action === "backups.list" || action === "stats")) {
    throw new DomainError("invalid", `The provider does not implement the action '${action}'`, { code: ACTION_UNKNOWN });
  }
  return { kind: entry.kind, power: entry.power ?? null };
}

/**
 * The power verb an action is (it consumes the power cool-down), or null: a read, or a verb that
 * `guardServiceAction` refuses. Needs no service, so a route can reserve the cool-down before it
 * runs the action.
 */
export function powerVerbOfAction(action: string): PowerVerb | null {
  return Object.hasOwn(CUSTOMER_ACTIONS, action) ? (CUSTOMER_ACTIONS[action]!.power ?? null) : null;
}

export type ServiceActionResult = Record<string, unknown>;

/**
 * A failing provider flow is 503 PROVIDER_ERROR on the generic actions route, whatever the backend
 * (the customer API spec Bodies): the controller's 424 becomes 503 there. The route applies this after it
 * has settled the power cool-down with the refusal as `runServiceAction` threw it, so the failed
 * attempt still counts like a 424 on every other power route (the customer API spec Errors).
 */
export function providerFlowRefusal(error: unknown): unknown {
  const mapped = backendRefusal(error);
  if (mapped instanceof DomainError && mapped.kind === "provider_failed") return new DomainError("unavailable", mapped.message, { code: "PROVIDER_ERROR" });
  return mapped;
}

/**
 * Runs an action on one of the actor's services (404 outside its scope): `guardServiceAction`'s
 * refusals first (a route also runs that guard before its cool-down), then the hypervisor or
 * controller is asked last, so building machines answer 409 and unreachable providers 503 — except
 * the tolerant reads: `status` answers `unknown` and `backups.list` an empty list when the provider
 * is unreachable. Refusals are the ones every route gives (a dedicated power action the controller
 * did not complete is 424); the generic route turns them into its own with `providerFlowRefusal`.
 */
export async function runServiceAction(ctx: ServiceContext, input: { serviceId: string; action: string }): Promise<ServiceActionResult> {
  const { action } = input;
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const { power } = guardServiceAction(service, action);
  if (power) {
    const outcome = await powerServiceMachine(ctx, service, power);
    const done = outcome.job.state === "succeeded";
    return {
      action: power,
      completed: done,
      job_id: outcome.job.id,
      ...(outcome.backend === "vps" ? { state: outcome.vmState } : { already_in_state: outcome.alreadyInState }),
      ...(done ? {} : { pending: true }),
    };
  }
  if (action === "backups.list") return { backups: [], available: false };

  const machine = await serviceMachineOrThrow(ctx.db, service);
  try {
    if (machine.kind === "vps") {
      const hv = await hypervisorForVm(machine.vm.id, ctx);
      if (action === "status") return { state: (await hv.status(machine.vm.id)).state };
      const s = await hv.stats(machine.vm.id);
      return { stats: { state: s.state, sampled_at: s.sampledAt.toISOString(), cpu: s.cpu, memory: s.memory, disk: s.disk, network: s.network } };
    }
    const bmc = await bmcForServer(machine.server.id, ctx);
    return { state: (await bmc.powerStatus(machine.server.id)).powerState };
  } catch (error) {
    if (action === "status" && error instanceof BackendError && error.code === "provider_unreachable") return { state: "unknown" };
    throw backendRefusal(error);
  }
}

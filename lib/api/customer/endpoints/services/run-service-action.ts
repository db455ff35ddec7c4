import { z } from "zod";
import { ApiError, apiErrorFromDomain } from "@/lib/api/api-error";
import { reserveCooldown } from "@/lib/cooldowns/reserve-cooldown";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { describeAccess, mayAccess } from "@/lib/accounts/account-access";
import { guardServiceAction, powerVerbOfAction, providerFlowRefusal, runServiceAction, serviceActionAccess } from "@/lib/services/lifecycle/run-service-action";
import { DomainError } from "@/lib/errors/domain-error";
import { defineEndpoint } from "../../define-endpoint";
import type { CustomerAuth } from "../../customer-auth";
import { FORMER_MEMBER_MESSAGE } from "../../authenticate-customer";
import { customerServiceContext, customerServiceScope } from "./customer-service-scope";

const statusOfError = (error: unknown): number =>
  error instanceof ApiError ? error.status : error instanceof DomainError ? apiErrorFromDomain(error).status : 500;

export const PERMISSION_DENIED = "PERMISSION_DENIED";

/**
 * The member's live account permissions for one verb; on this route a refusal is 403
 * PERMISSION_DENIED (customer Authentication §3), not the FORBIDDEN of every other route.
 */
export function assertActionPermitted(auth: CustomerAuth, action: string): void {
  if (auth.permissions === "all") return;
  if (auth.role === "former_member") throw new ApiError(403, PERMISSION_DENIED, FORMER_MEMBER_MESSAGE);
  const access = serviceActionAccess(action);
  if (mayAccess(auth, access)) return;
  throw new ApiError(403, PERMISSION_DENIED, `Your account permissions do not allow the action '${action}' (needs ${describeAccess(access)})`);
}

const actionParam = z.object({
  action: z
    .string()
    .regex(/^[a-z][a-z0-9_.-]{0,63}$/, "Lowercase verb such as start, stats or backups.list")
    .describe("`start`, `stop` (`shutdown`), `restart` (`reboot`), `status`, `stats`, `backups.list`, or a provider verb"),
});

export const runServiceActionEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/actions/{action}",
  scope: "services",
  access: "none",
  // Checked per verb in the guard, so the refusal can carry this route's own code.
  tag: "services",
  params: actionParam,
  body: z.object({ params: z.record(z.string(), z.unknown()).optional() }).optional(),
  response: z.record(z.string(), z.unknown()),
  summary: "Run a provider action on the service",
  description:
    "Body `{params}` (optional). Power verbs answer `{action, completed, job_id, state | already_in_state, pending?}`; `status` `{state}` " +
    "(`unknown` when the provider is unreachable), `stats` `{stats}`, `backups.list` on native VPS `{backups: [], available: false}`. " +
    "Order of evaluation: scope (403 SCOPE_REQUIRED), account permission (403 PERMISSION_DENIED; power verbs need services.power or " +
    "services.manage, reads services.view, provider mutations services.manage), verb (403 ACTION_NOT_ALLOWED when not offered to " +
    "customers, 400 ACTION_UNKNOWN when not implemented), billing state (suspended or terminated: 403), capabilities (403), " +
    "cool-down of power verbs (10 per minute, shared with the other power routes: 429), hypervisor (404 before a machine exists, " +
    "409 while building, 503 PROVIDER_ERROR / PROVIDER_UNAVAILABLE; a dedicated power action the controller did not complete is 503 " +
    "PROVIDER_ERROR here and still counts against the cool-down, as its 424 does on the other power routes).",
  async guard({ auth, db, params }) {
    assertActionPermitted(auth, params.action);
    guardServiceAction(await findScopedServiceOrThrow(db, customerServiceScope(auth), params.id), params.action);
  },
  async handler({ auth, db, now, params }) {
    const ctx = customerServiceContext(auth, db, now);
    const input = { serviceId: params.id, action: params.action };
    // The guard has refused any verb it does not offer, so the verb alone says whether it is a power action.
    if (!powerVerbOfAction(params.action)) return runServiceAction(ctx, input).catch((error: unknown) => Promise.reject(providerFlowRefusal(error)));
    // Only power verbs consume a cool-down, so it is reserved here rather than by the declaration: the
    // service's one `power` counter, shared with /services/{id}/power, /vps and /dedicated routes.
    const cooldown = await reserveCooldown(db, { bucket: "power", userId: auth.user.id, resourceId: params.id }, now);
    try {
      const result = await runServiceAction(ctx, input);
      await cooldown.settle(200);
      return result;
    } catch (error) {
      // Settled with the refusal as every route tells it (the controller's 424 counts), then told
      // the way this route tells provider failures (503).
      await cooldown.settle(statusOfError(error));
      throw providerFlowRefusal(error);
    }
  },
});

import { assertServiceControl } from "@/lib/services/assert-service-control";
import type { BackendContext } from "@/lib/backends/context";
import type { Db } from "@/lib/db/client";
import { findScopedServiceOrThrow, type ScopedService, type ServiceScope } from "@/lib/services/find-scoped-service-or-throw";
import { type Control } from "@/lib/services/service-rules";
import { serviceContext, type ServiceContext } from "@/lib/services/service-context";
import type { CustomerAuth } from "../../customer-auth";

/** The account's services, narrowed to the request's project when there is one. */
export const customerServiceScope = (auth: CustomerAuth): ServiceScope => ({
  accountId: auth.accountId,
  projectId: auth.project?.id ?? null,
  // Every account's `default` project holds everything unassigned (customer Authentication §4).
  projectIsDefault: auth.project?.slug === "default",
});

export const requestBackend = (db: Db, now: Date): BackendContext => ({ db, clock: { now: () => now } });

/** The service operations' context for a customer request: the request's scope and moment, narrowed to one kind on /vps and /dedicated routes. */
export const customerServiceContext = (auth: CustomerAuth, db: Db, now: Date, kind?: ServiceScope["kind"]): ServiceContext =>
  serviceContext({ db, now, clock: { now: () => now }, actor: { ...customerServiceScope(auth), ...(kind ? { kind } : {}) } });

export { DEDICATED_NOT_FOUND, VPS_NOT_FOUND } from "@/lib/services/service-rules";

/** A native VPS of the caller (any other service id answers 404 "VPS not found" on /vps routes). */
export function findCustomerVpsOrThrow(db: Db, auth: CustomerAuth, id: string): Promise<ScopedService> {
  return findScopedServiceOrThrow(db, { ...customerServiceScope(auth), kind: "vps" }, id);
}

/**
 * The customer API's order of evaluation on a VPS action, the part before the cool-down: billing
 * state (suspended or terminated → 403), then capabilities (403). Runs as the endpoint's guard.
 */
export async function guardVpsAction(load: () => Promise<ScopedService>, control: Control): Promise<ScopedService> {
  const service = await load();
  assertServiceControl(service, control);
  return service;
}

/** A dedicated server of the caller (any other service id answers 404 "Dedicated server not found" on /dedicated routes). */
export function findCustomerDedicatedOrThrow(db: Db, auth: CustomerAuth, id: string): Promise<ScopedService> {
  return findScopedServiceOrThrow(db, { ...customerServiceScope(auth), kind: "dedicated" }, id);
}

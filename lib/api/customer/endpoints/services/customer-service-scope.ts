import { assertServiceControl } from "@/lib/services/assert-service-control";
import type { BackendContext } from "@/lib/backends/context";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
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

export const VPS_NOT_FOUND = "VPS not found";

/** A native VPS of the caller (any other service id answers 404 on /vps routes). */
export async function findCustomerVpsOrThrow(db: Db, auth: CustomerAuth, id: string): Promise<ScopedService> {
  const service = await findScopedServiceOrThrow(db, customerServiceScope(auth), id).catch((error: unknown) => {
    throw error instanceof DomainError && error.kind === "not_found" ? new DomainError("not_found", VPS_NOT_FOUND) : error;
  });
  if (service.product.kind !== "vps") throw new DomainError("not_found", VPS_NOT_FOUND);
  return service;
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

export const DEDICATED_NOT_FOUND = "Dedicated server not found";

/** A dedicated server of the caller (any other service id answers 404 on /dedicated routes). */
export async function findCustomerDedicatedOrThrow(db: Db, auth: CustomerAuth, id: string): Promise<ScopedService> {
  const service = await findScopedServiceOrThrow(db, customerServiceScope(auth), id).catch((error: unknown) => {
    throw error instanceof DomainError && error.kind === "not_found" ? new DomainError("not_found", DEDICATED_NOT_FOUND) : error;
  });
  if (service.product.kind !== "dedicated") throw new DomainError("not_found", DEDICATED_NOT_FOUND);
  return service;
}

import { backendContext, type BackendContext } from "@/lib/backends/context";
import type { Db } from "@/lib/db/client";
import type { DomainContext } from "@/lib/db/domain-context";
import { findScopedServiceOrThrow, type ScopedService, type ServiceScope } from "./find-scoped-service-or-throw";

/**
 * What every service operation takes first: the domain context (`{ db, now, actor }`, the actor being
 * whose services the caller sees, `ServiceScope`) plus what the backends need (clock, simulator
 * timing, image fetcher). It is a `BackendContext` too, so an operation hands it to drivers as is.
 * The operation finds the service inside the scope itself (`serviceInScopeOrThrow`): a caller passes
 * an id, never a row it looked up.
 */
export interface ServiceContext extends DomainContext<ServiceScope, Db>, BackendContext {}

/** A service context; the clock defaults to the system's and `now` to the clock's reading. */
export function serviceContext(input: { db: Db; actor: ServiceScope; now?: Date } & Partial<Omit<BackendContext, "db">>): ServiceContext {
  const backend = backendContext(input);
  return { ...backend, now: input.now ?? backend.clock.now(), actor: input.actor };
}

/** The tenant check of every service operation: the service with this id in the actor's scope, else 404. */
export function serviceInScopeOrThrow(ctx: Pick<ServiceContext, "db" | "actor">, serviceId: string): Promise<ScopedService> {
  return findScopedServiceOrThrow(ctx.db, ctx.actor, serviceId);
}

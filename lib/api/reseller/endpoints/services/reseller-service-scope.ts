import type { BackendContext } from "@/lib/backends/context";
import type { Db } from "@/lib/db/client";
import type { ServiceScope } from "@/lib/services/find-scoped-service-or-throw";
import { serviceContext, type ServiceContext } from "@/lib/services/service-context";
import type { ResellerAuth } from "../../reseller-auth";

/** The reseller's own services; a customer-bound key sees only that customer's. */
export const resellerServiceScope = (auth: ResellerAuth): ServiceScope => ({ accountId: auth.accountId, resellerCustomerId: auth.customerId });

/** Backend calls of one request run against the request's instant. */
export const requestBackend = (db: Db, now: Date): BackendContext => ({ db, clock: { now: () => now } });

/** The service operations' context for a reseller request: the key's scope, at the request's instant. */
export const resellerServiceContext = (auth: ResellerAuth, db: Db, now: Date): ServiceContext =>
  serviceContext({ db, now, clock: { now: () => now }, actor: resellerServiceScope(auth) });

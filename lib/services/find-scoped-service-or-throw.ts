import { isUuid } from "@/lib/schemas/uuid";
import type { DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { DEDICATED_NOT_FOUND, GAME_NOT_FOUND, GAME_NOT_FOUND_CODE, SERVICE_NOT_FOUND, VPS_NOT_FOUND } from "./service-rules";

/**
 * Whose services a caller sees: the account that holds them, narrowed to one reseller customer record
 * (a customer-bound reseller key) or to one project (a project-scoped customer key). Anything
 * outside is "not found", never distinguished.
 */
export interface ServiceScope {
  accountId: string;
  resellerCustomerId?: string | null;
  projectId?: string | null;
  /** The project is the account's `default` one, which also holds everything not assigned to a project. */
  projectIsDefault?: boolean;
  /**
   * Narrowed to one kind of machine: the customer API's `/vps/{id}` and `/dedicated/{id}` routes see
   * only theirs, and answer any other id with their own "not found" sentence.
   */
  kind?: "vps" | "dedicated" | "game";
}

const NOT_FOUND_SENTENCE = { vps: VPS_NOT_FOUND, dedicated: DEDICATED_NOT_FOUND, game: GAME_NOT_FOUND } as const;

/** The 404 a scope gives for an id it does not hold (one sentence per scope, never saying why). */
export function serviceNotFound(scope: Pick<ServiceScope, "kind">): DomainError {
  if (scope.kind === "game") return new DomainError("not_found", GAME_NOT_FOUND, { code: GAME_NOT_FOUND_CODE });
  return new DomainError("not_found", scope.kind ? NOT_FOUND_SENTENCE[scope.kind] : SERVICE_NOT_FOUND);
}

export function scopeWhere(scope: ServiceScope): Prisma.ServiceWhereInput {
  return {
    accountId: scope.accountId,
    ...(scope.resellerCustomerId ? { resellerCustomerId: scope.resellerCustomerId } : {}),
    ...(scope.kind ? { product: { kind: scope.kind } } : {}),
    ...(scope.projectId
      ? scope.projectIsDefault
        ? { OR: [{ projectId: scope.projectId }, { projectId: null }] }
        : { projectId: scope.projectId }
      : {}),
  };
}

const INCLUDE = {
  product: true,
  location: true,
  order: { select: { externalOrderId: true } },
  orderItem: { select: { configuration: true } },
  resellerCustomer: { select: { externalCustomerId: true } },
} as const;

export type ScopedService = Prisma.ServiceGetPayload<{ include: typeof INCLUDE }>;


export async function findScopedServiceOrThrow(db: DbOrTx, scope: ServiceScope, serviceId: string): Promise<ScopedService> {
  if (!isUuid(serviceId)) throw serviceNotFound(scope);
  const service = await db.service.findFirst({ where: { id: serviceId, ...scopeWhere(scope) }, include: INCLUDE });
  if (!service) throw serviceNotFound(scope);
  return service;
}

export const SCOPED_SERVICE_INCLUDE = INCLUDE;

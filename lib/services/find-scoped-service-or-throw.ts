import { isUuid } from "@/lib/schemas/uuid";
import type { DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { SERVICE_NOT_FOUND } from "./service-rules";

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
}

export function scopeWhere(scope: ServiceScope): Prisma.ServiceWhereInput {
  return {
    accountId: scope.accountId,
    ...(scope.resellerCustomerId ? { resellerCustomerId: scope.resellerCustomerId } : {}),
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
  if (!isUuid(serviceId)) throw new DomainError("not_found", SERVICE_NOT_FOUND);
  const service = await db.service.findFirst({ where: { id: serviceId, ...scopeWhere(scope) }, include: INCLUDE });
  if (!service) throw new DomainError("not_found", SERVICE_NOT_FOUND);
  return service;
}

export const SCOPED_SERVICE_INCLUDE = INCLUDE;

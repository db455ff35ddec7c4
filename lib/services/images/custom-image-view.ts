import { isUuid } from "@/lib/schemas/uuid";
import type { DbOrTx } from "@/lib/db/client";
import type { CustomImage, Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { ServiceScope } from "../find-scoped-service-or-throw";
import { CUSTOM_IMAGE_NOT_FOUND } from "./custom-image-rules";

export type CustomImageStatus = "capturing" | "available" | "error";

/** The customer API's "Custom image" in camelCase, plus `progress` of a running capture (0-100). */
export interface CustomImageView {
  id: string;
  name: string;
  description: string | null;
  sourceKind: "capture" | "url";
  sourceUrl: string | null;
  sourceSha256: string | null;
  osFamily: string;
  status: CustomImageStatus;
  sizeBytes: number | null;
  virtualSizeBytes: number | null;
  sourceServiceId: string | null;
  progress: number | null;
  availableAt: Date | null;
  error: string | null;
  createdAt: Date;
}

export function toCustomImageView(row: CustomImage, progress: number | null = null): CustomImageView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sourceKind: row.sourceKind === "capture" ? "capture" : "url",
    sourceUrl: row.sourceUrl,
    sourceSha256: row.sourceSha256,
    osFamily: row.osFamily,
    status: row.status,
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    virtualSizeBytes: row.virtualSizeBytes === null ? null : Number(row.virtualSizeBytes),
    sourceServiceId: row.sourceServiceId,
    progress: row.status === "available" ? 100 : progress,
    availableAt: row.availableAt,
    error: row.error,
    createdAt: row.createdAt,
  };
}

/**
 * Whose images a caller sees: the account's, narrowed like its services (a customer-bound reseller
 * key sees its customer's captures; a project-scoped customer key its project's, the `default`
 * project also holding the unassigned ones). Deleted images are never seen.
 */
export function imageScopeWhere(scope: ServiceScope): Prisma.CustomImageWhereInput {
  return {
    accountId: scope.accountId,
    deletedAt: null,
    ...(scope.resellerCustomerId ? { resellerCustomerId: scope.resellerCustomerId } : {}),
    ...(scope.projectId ? (scope.projectIsDefault ? { OR: [{ projectId: scope.projectId }, { projectId: null }] } : { projectId: scope.projectId }) : {}),
  };
}


export async function findCustomImageOrThrow(db: DbOrTx, scope: ServiceScope, imageId: string): Promise<CustomImage> {
  if (!isUuid(imageId)) throw new DomainError("not_found", CUSTOM_IMAGE_NOT_FOUND);
  const image = await db.customImage.findFirst({ where: { id: imageId, ...imageScopeWhere(scope) } });
  if (!image) throw new DomainError("not_found", CUSTOM_IMAGE_NOT_FOUND);
  return image;
}

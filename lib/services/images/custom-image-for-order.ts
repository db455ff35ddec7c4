import { isUuid } from "@/lib/schemas/uuid";
import type { DbOrTx } from "@/lib/db/client";
import type { CustomImage } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { sizeFromSpecs } from "@/lib/backends/capacity/sizes";
import type { AddressPolicy } from "@/lib/webhooks/address-policy";
import type { Resolver } from "@/lib/webhooks/resolver";
import type { ServiceScope } from "../find-scoped-service-or-throw";
import { imageScopeWhere } from "./custom-image-view";
import {
  CUSTOM_IMAGE_NOT_FOUND,
  checkImageSourceUrl,
  IMAGE_NODE_FULL,
  imageNotAvailable,
  imageStillCapturing,
  imageStoredElsewhere,
  planDiskTooSmall,
} from "./custom-image-rules";

const GIB = 1024 ** 3;

export interface OrderProductFacts {
  kind: string;
  specs: Record<string, unknown>;
}

/**
 * An order's `custom_image_id`, checked before any charge: the account's live image (400 naming the
 * field when unknown, as for the other configuration keys), `available` (409 while capturing or after
 * an error), no larger than the plan's disk (409), a capture ordered where it is stored and its node
 * with room for the plan (409), and a URL source whose host is public again now (400: a name may have
 * been re-pointed since registration).
 */
export async function customImageForOrder(
  db: DbOrTx,
  input: { accountId: string; scopedProjectId?: string | null; imageId: string; product: OrderProductFacts; locationId: string | null; field: string },
  options: { resolve?: Resolver; policy?: AddressPolicy } = {},
): Promise<CustomImage> {
  const refuse = (message: string) => new DomainError("invalid", message, { details: [{ field: input.field, message }] });
  if (input.product.kind !== "vps") throw refuse("custom_image_id is only available on VPS products");
  let scope: ServiceScope = { accountId: input.accountId };
  if (input.scopedProjectId) {
    const project = await db.project.findFirst({ where: { id: input.scopedProjectId, accountId: input.accountId }, select: { isDefault: true } });
    scope = { accountId: input.accountId, projectId: input.scopedProjectId, projectIsDefault: project?.isDefault ?? false };
  }
  const image = isUuid(input.imageId) ? await db.customImage.findFirst({ where: { id: input.imageId.toLowerCase(), ...imageScopeWhere(scope) } }) : null;
  if (!image) throw refuse(CUSTOM_IMAGE_NOT_FOUND);
  if (image.status === "capturing") throw new DomainError("conflict", imageStillCapturing(image.name));
  if (image.status !== "available") throw new DomainError("conflict", imageNotAvailable(image.name, image.status));

  const size = sizeFromSpecs(input.product.specs);
  if (size && image.virtualSizeBytes !== null && Number(image.virtualSizeBytes) > size.diskGb * GIB) {
    throw new DomainError("conflict", planDiskTooSmall(size.diskGb, Math.ceil(Number(image.virtualSizeBytes) / GIB)));
  }
  if (image.sourceKind === "url") {
    try {
      await checkImageSourceUrl(image.sourceUrl ?? "", options);
    } catch (error) {
      if (error instanceof DomainError) throw refuse(error.message);
      throw error;
    }
  }
  if (image.nodeId) {
    const node = await db.node.findUnique({ where: { id: image.nodeId }, include: { location: { select: { name: true } } } });
    if (!node) throw new DomainError("conflict", imageNotAvailable(image.name, "its node is gone"));
    if (input.locationId && node.locationId !== input.locationId) throw new DomainError("conflict", imageStoredElsewhere(node.location.name));
    const fits =
      node.enabled &&
      (!size ||
        (node.capacityVcpus - node.allocatedVcpus >= size.vcpus &&
          node.capacityMemoryMb - node.allocatedMemoryMb >= size.memoryMb &&
          node.capacityDiskGb - node.allocatedDiskGb >= size.diskGb));
    if (!fits) throw new DomainError("conflict", IMAGE_NODE_FULL);
  }
  return image;
}

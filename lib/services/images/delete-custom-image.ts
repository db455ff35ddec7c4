import { DomainError } from "@/lib/errors/domain-error";
import type { ServiceContext } from "../service-context";
import { CUSTOM_IMAGE_NOT_FOUND, imageStillCapturing } from "./custom-image-rules";
import { findCustomImageOrThrow } from "./custom-image-view";
import { refreshCaptures } from "./refresh-captures";

/**
 * Deletes one of the actor's images (404 outside its scope): it is no longer listed or orderable (its
 * storage charge, when priced, stops). Machines already built from it are untouched. A capture still
 * running is 409.
 */
export async function deleteCustomImage(ctx: ServiceContext, input: { imageId: string }): Promise<{ id: string }> {
  const image = await findCustomImageOrThrow(ctx.db, ctx.actor, input.imageId);
  await refreshCaptures(ctx, { id: image.id });
  const deleted = await ctx.db.customImage.updateMany({
    where: { id: image.id, deletedAt: null, status: { not: "capturing" } },
    data: { deletedAt: ctx.now },
  });
  if (deleted.count === 0) {
    const now = await ctx.db.customImage.findUnique({ where: { id: image.id } });
    if (!now || now.deletedAt) throw new DomainError("not_found", CUSTOM_IMAGE_NOT_FOUND);
    throw new DomainError("conflict", imageStillCapturing(now.name));
  }
  return { id: image.id };
}

import type { ServiceContext } from "../service-context";
import { findCustomImageOrThrow, imageScopeWhere, toCustomImageView, type CustomImageView } from "./custom-image-view";
import { refreshCaptures } from "./refresh-captures";

/** The images the actor holds (its scope, `imageScopeWhere`), newest first; running captures are brought up to date first. */
export async function listCustomImages(ctx: ServiceContext, input: { sourceServiceId?: string } = {}): Promise<CustomImageView[]> {
  const where = { ...imageScopeWhere(ctx.actor), ...(input.sourceServiceId ? { sourceServiceId: input.sourceServiceId } : {}) };
  const progress = await refreshCaptures(ctx, where);
  const rows = await ctx.db.customImage.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map((row) => toCustomImageView(row, progress.get(row.id) ?? null));
}

/** One of the actor's images (404 outside its scope), its capture brought up to date first. */
export async function getCustomImage(ctx: ServiceContext, input: { imageId: string }): Promise<CustomImageView> {
  const found = await findCustomImageOrThrow(ctx.db, ctx.actor, input.imageId);
  const progress = await refreshCaptures(ctx, { id: found.id });
  const row = await findCustomImageOrThrow(ctx.db, ctx.actor, input.imageId);
  return toCustomImageView(row, progress.get(row.id) ?? null);
}

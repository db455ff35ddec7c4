import type { BackendContext } from "@/lib/backends/context";
import type { ServiceScope } from "../find-scoped-service-or-throw";
import { findCustomImageOrThrow, imageScopeWhere, toCustomImageView, type CustomImageView } from "./custom-image-view";
import { refreshCaptures } from "./refresh-captures";

/** The images a caller holds, newest first; running captures are brought up to date first. */
export async function listCustomImages(ctx: BackendContext, scope: ServiceScope, filter: { sourceServiceId?: string } = {}): Promise<CustomImageView[]> {
  const where = { ...imageScopeWhere(scope), ...(filter.sourceServiceId ? { sourceServiceId: filter.sourceServiceId } : {}) };
  const progress = await refreshCaptures(ctx, where);
  const rows = await ctx.db.customImage.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map((row) => toCustomImageView(row, progress.get(row.id) ?? null));
}

export async function getCustomImage(ctx: BackendContext, scope: ServiceScope, imageId: string): Promise<CustomImageView> {
  const found = await findCustomImageOrThrow(ctx.db, scope, imageId);
  const progress = await refreshCaptures(ctx, { id: found.id });
  const row = await findCustomImageOrThrow(ctx.db, scope, imageId);
  return toCustomImageView(row, progress.get(row.id) ?? null);
}

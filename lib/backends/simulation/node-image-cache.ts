import type { BackendContext } from "../context";
import { BackendError } from "../backend-error";
import type { ImageSource } from "../types";
import { guardedImageFetcher, virtualSizeOf } from "./fetch-image-file";

const isUrl = (ref: string) => /^https?:\/\//i.test(ref);

/**
 * A custom image given by URL (a customer's registration) is on a node only once the node has
 * downloaded it and checked it against the registered SHA-256 — as a real node does before it can
 * build a disk from it. The first build on a node fetches the file (ctx.imageFetcher, else the guarded
 * fetcher); later builds there use the node's cache (NodeImageCache, one row per node and digest). The
 * image's virtual size becomes known here: the build is bounded by it, and a registration that did
 * not state it gets it (so its storage can be billed). A digest that does not match refuses the build
 * with `configuration`. Captures and OS images pass through unchanged.
 */
export async function ensureImageOnNode(ctx: BackendContext, nodeId: string, image: ImageSource): Promise<ImageSource> {
  if (image.kind !== "custom" || !isUrl(image.imageRef)) return image;
  const expected = image.sha256?.toLowerCase() ?? null;
  if (!expected) throw new BackendError("configuration", "An image given by URL needs its SHA-256 to be checked");
  const cached = await ctx.db.nodeImageCache.findUnique({ where: { nodeId_sha256: { nodeId, sha256: expected } } });
  if (cached) return { ...image, virtualSizeBytes: Number(cached.virtualSizeBytes) };

  const file = await (ctx.imageFetcher ?? guardedImageFetcher())(image.imageRef);
  if (file.sha256 !== expected) {
    throw new BackendError("configuration", `The downloaded image does not match its SHA-256 (expected ${expected}, got ${file.sha256})`);
  }
  const virtualSizeBytes = virtualSizeOf(file);
  await ctx.db.nodeImageCache.upsert({
    where: { nodeId_sha256: { nodeId, sha256: expected } },
    create: { nodeId, sha256: expected, sourceUrl: image.imageRef, sizeBytes: BigInt(file.sizeBytes), virtualSizeBytes: BigInt(virtualSizeBytes), fetchedAt: ctx.clock.now() },
    update: {},
  });
  await ctx.db.customImage.updateMany({
    where: { sourceKind: "url", sourceUrl: image.imageRef, sourceSha256: expected, virtualSizeBytes: null },
    data: { virtualSizeBytes: BigInt(virtualSizeBytes) },
  });
  return { ...image, virtualSizeBytes };
}

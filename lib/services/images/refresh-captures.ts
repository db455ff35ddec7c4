import type { BackendContext } from "@/lib/backends/context";
import { getJob } from "@/lib/backends/jobs";
import type { CustomImage, Prisma } from "@/lib/generated/prisma/client";
import { CAPTURE_FAILED } from "./custom-image-rules";

// A capture row whose job was never recorded (the process died between the row and the driver call)
// is given up after this long.
const ORPHAN_AFTER_MS = 10 * 60 * 1000;

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? BigInt(Math.round(v)) : null);

/**
 * Brings the `capturing` images among `where` up to date with their capture jobs (the driver advances
 * each job to the clock first): a finished job makes the image `available` with the driver's
 * reference and sizes, a failed one `error` with a client-safe reason (the driver's message is for
 * operators). Returns each still-capturing image's progress. Conditional updates, so concurrent
 * readers never disagree.
 */
export async function refreshCaptures(ctx: BackendContext, where: Prisma.CustomImageWhereInput): Promise<Map<string, number>> {
  const progress = new Map<string, number>();
  const capturing = await ctx.db.customImage.findMany({ where: { ...where, status: "capturing", sourceKind: "capture" } });
  for (const image of capturing) await refreshOne(ctx, image, progress);
  return progress;
}

async function refreshOne(ctx: BackendContext, image: CustomImage, progress: Map<string, number>): Promise<void> {
  const now = ctx.clock.now();
  if (!image.captureJobId) {
    if (now.getTime() - image.createdAt.getTime() > ORPHAN_AFTER_MS) {
      await ctx.db.customImage.updateMany({ where: { id: image.id, status: "capturing", captureJobId: null }, data: { status: "error", error: CAPTURE_FAILED } });
    } else progress.set(image.id, 0);
    return;
  }
  let job;
  try {
    job = await getJob(image.captureJobId, ctx);
  } catch {
    // The node did not answer: the image stays `capturing` and is looked at again on the next read.
    progress.set(image.id, 0);
    return;
  }
  if (job.state === "succeeded" && job.result) {
    const r = job.result;
    await ctx.db.customImage.updateMany({
      where: { id: image.id, status: "capturing" },
      data: {
        status: "available",
        imageRef: typeof r.imageRef === "string" ? r.imageRef : null,
        sizeBytes: num(r.sizeBytes),
        virtualSizeBytes: num(r.virtualSizeBytes),
        osFamily: typeof r.osFamily === "string" ? r.osFamily : image.osFamily,
        availableAt: job.finishedAt ?? now,
      },
    });
  } else if (job.state === "failed") {
    await ctx.db.customImage.updateMany({ where: { id: image.id, status: "capturing" }, data: { status: "error", error: CAPTURE_FAILED } });
  } else {
    progress.set(image.id, job.progress);
  }
}

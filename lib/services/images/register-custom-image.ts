import { inTransaction } from "@/lib/db/in-transaction";
import { DomainError } from "@/lib/errors/domain-error";
import type { ServiceContext } from "../service-context";
import { checkImageName, checkImageSourceUrl, checkSha256, OS_FAMILIES, type SourceUrlCheckOptions } from "./custom-image-rules";
import { toCustomImageView, type CustomImageView } from "./custom-image-view";
import { assertImageSlotFree } from "./image-slot";

/** `resolve` and `policy`: how the URL's host is checked (tests); the system resolver and the public-only policy by default. */
export interface RegisterImageInput extends SourceUrlCheckOptions {
  /** The project the image belongs to, already resolved against the caller's scope (null: none). */
  projectId: string | null;
  name: string;
  description?: string | null;
  sourceUrl: string;
  sourceSha256?: string | null;
  osFamily?: string | null;
  /** Disk the image needs, when the customer knows it; checked against the plan at order time. */
  virtualSizeBytes?: number | null;
}

/**
 * Registers an image by URL for the actor's account. The URL must be https and reach a public host
 * (checked here and again when a VPS is ordered from it, since a name can be re-pointed);
 * `source_sha256` is required. The image is `available` at once: nothing is downloaded at
 * registration — the node that builds a VPS from it fetches the file and checks its SHA-256
 * (lib/backends/simulation/node-image-cache.ts).
 */
export async function registerCustomImage(ctx: ServiceContext, input: RegisterImageInput): Promise<CustomImageView> {
  const name = checkImageName(input.name);
  const sourceSha256 = checkSha256(input.sourceSha256);
  const osFamily = (input.osFamily ?? "linux").toLowerCase();
  if (!(OS_FAMILIES as readonly string[]).includes(osFamily)) {
    const message = `os_family must be one of ${OS_FAMILIES.join(", ")}`;
    throw new DomainError("invalid", message, { details: [{ field: "os_family", message }] });
  }
  const sourceUrl = await checkImageSourceUrl(input.sourceUrl, { resolve: input.resolve, policy: input.policy });
  const now = ctx.now;
  const row = await inTransaction(ctx.db, async (tx) => {
    await assertImageSlotFree(tx, ctx.actor.accountId);
    return tx.customImage.create({
      data: {
        accountId: ctx.actor.accountId,
        projectId: input.projectId,
        name,
        description: input.description?.trim() || null,
        sourceKind: "url",
        sourceUrl,
        sourceSha256,
        osFamily,
        status: "available",
        virtualSizeBytes: input.virtualSizeBytes ? BigInt(input.virtualSizeBytes) : null,
        availableAt: now,
        createdAt: now,
      },
    });
  });
  return toCustomImageView(row);
}

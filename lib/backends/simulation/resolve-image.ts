import type { DbOrTx } from "@/lib/db/client";
import { BackendError } from "../backend-error";
import type { ImageSource } from "../types";

export interface ResolvedImage {
  osImageId: string | null;
  name: string;
  family: string;
  /** Disk the image needs, when known. */
  virtualSizeBytes: number | null;
}

const GIB = 1024 ** 3;

/**
 * Checks that an image can be installed on a disk of `diskGb`: an enabled OS image, or a custom image
 * no larger than the disk. User data is refused on Windows. Refusals are `configuration`.
 */
export async function resolveImage(db: DbOrTx, image: ImageSource, diskGb: number, userData: string | null | undefined): Promise<ResolvedImage> {
  let resolved: ResolvedImage;
  if (image.kind === "os") {
    const os = await db.osImage.findUnique({ where: { id: image.osImageId } });
    if (!os || !os.enabled) throw new BackendError("configuration", `OS image ${image.osImageId} is not installable`);
    resolved = { osImageId: os.id, name: os.name, family: os.family, virtualSizeBytes: null };
  } else {
    if (!image.imageRef || !Number.isFinite(image.virtualSizeBytes) || image.virtualSizeBytes <= 0) {
      throw new BackendError("configuration", "A custom image needs a reference and its virtual size");
    }
    if (image.virtualSizeBytes > diskGb * GIB) {
      throw new BackendError("configuration", `The image needs ${Math.ceil(image.virtualSizeBytes / GIB)} GB; the disk has ${diskGb} GB`);
    }
    resolved = { osImageId: null, name: image.name, family: image.osFamily ?? "linux", virtualSizeBytes: image.virtualSizeBytes };
  }
  if (userData) {
    if (resolved.family === "windows") throw new BackendError("configuration", "User data is not available on Windows images");
    if (Buffer.byteLength(userData, "utf8") > 64 * 1024) throw new BackendError("configuration", "User data is larger than 64 KB");
    if (!userData.startsWith("#!") && !userData.startsWith("#cloud-config")) {
      throw new BackendError("configuration", "User data must start with #! or #cloud-config");
    }
  }
  return resolved;
}

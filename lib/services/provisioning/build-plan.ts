import type { DbOrTx } from "@/lib/db/client";
import { sizeFromSpecs, type VpsSize } from "@/lib/backends/capacity/sizes";
import type { ImageSource } from "@/lib/backends/types";
import { BackendError } from "@/lib/backends/backend-error";

/** What a service is built from: its product's size or SKU, its location, the image and the first-boot inputs. */
export interface BuildPlan {
  serviceId: string;
  kind: "vps" | "dedicated";
  /** Where it is built: the ordered location, else the first of `locationIds` with room (placeService). */
  locationId: string;
  /**
   * The locations it may be built in, in the catalogue's order: the ordered one alone, or, for an order
   * that named none (a product offered in several datacentres without pricing them), each the product is
   * offered in — the supplier picks one with room.
   */
  locationIds: string[];
  /**
   * Machine name on the node: `machineNameFor(serviceId)`, never the hostname, so any number of
   * services may share a hostname on one node (docs/decisions.md#r11).
   */
  name: string;
  /** The guest's hostname (the ordered hostname, else the service name): a label, not unique. */
  hostname: string;
  size: VpsSize | null;
  sku: string | null;
  image: ImageSource;
  /** The node the machine must be built on: a captured image is stored on one node only. */
  nodeId: string | null;
  sshKeys: string[];
  userData: string | null;
}

/**
 * The machine's name on its node: derived from the service id (unique), so two services with one
 * hostname never collide on a node (docs/decisions.md#r11). A valid RFC 1123 label.
 */
export const machineNameFor = (serviceId: string) => `svc-${serviceId.toLowerCase()}`;

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/**
 * Reads the build inputs from the service, its product and the order item's configuration. Both APIs'
 * spellings are read: the reseller API's `osImageId`/`user_data`/`ssh_keys` and the customer API's
 * `os_image_id`/`configOptions` keys (the order code stores what the client sent). Without an image
 * the product's default image is used. Anything unusable is a `configuration` failure (the order needs
 * changing), thrown as a BackendError so the caller records it like a backend refusal.
 */
export async function loadBuildPlan(db: DbOrTx, serviceId: string): Promise<BuildPlan> {
  const service = await db.service.findUniqueOrThrow({
    where: { id: serviceId },
    include: { product: { include: { osImages: true } }, orderItem: true },
  });
  const kind = service.product.kind;
  if (kind !== "vps" && kind !== "dedicated") throw new BackendError("configuration", `Product kind ${kind} has no automated build`);
  const config = asRecord(service.orderItem?.configuration);
  const options = asRecord(config.configOptions);
  const pick = (...keys: string[]) => {
    for (const k of keys) {
      const v = config[k] ?? options[k];
      if (v !== undefined && v !== null) return v;
    }
    return undefined;
  };
  const ordered = service.locationId ?? service.orderItem?.locationId ?? null;
  const locationIds = ordered
    ? [ordered]
    : (
        await db.productLocation.findMany({
          where: { productId: service.productId, enabled: true, location: { enabled: true } },
          orderBy: [{ location: { sortOrder: "asc" } }, { location: { name: "asc" } }],
          select: { locationId: true },
        })
      ).map((l) => l.locationId);
  const locationId = locationIds[0];
  if (!locationId) throw new BackendError("configuration", "The service has no location to be built in");
  const specs = asRecord(service.product.specs);
  const size = kind === "vps" ? sizeFromSpecs(specs) : null;
  if (kind === "vps" && !size) throw new BackendError("configuration", `Product ${service.product.slug} has no machine size in its specs`);
  const customImageId = kind === "vps" ? str(pick("custom_image_id", "customImageId")) : null;
  let image: ImageSource;
  let nodeId: string | null = null;
  if (customImageId) {
    // Ordered from a custom image: a machine already built from it keeps working when the image is
    // deleted later, but a build that has not started yet cannot use a deleted image.
    const custom = await db.customImage.findFirst({ where: { id: customImageId, accountId: service.accountId, deletedAt: null, status: "available" } });
    if (!custom) throw new BackendError("configuration", `Custom image ${customImageId} is no longer available`);
    const ref = custom.sourceKind === "capture" ? custom.imageRef : custom.sourceUrl;
    if (!ref) throw new BackendError("configuration", `Custom image ${customImageId} has no source`);
    image = {
      kind: "custom",
      imageRef: ref,
      name: custom.name,
      // A URL image's size is known once the node has fetched it; until then the plan's disk is the bound.
      virtualSizeBytes: custom.virtualSizeBytes !== null ? Number(custom.virtualSizeBytes) : size!.diskGb * 1024 ** 3,
      osFamily: custom.osFamily,
      sha256: custom.sourceKind === "url" ? custom.sourceSha256 : null,
    };
    nodeId = custom.nodeId;
  } else {
    const imageId = str(pick("osImageId", "os_image_id")) ?? service.product.osImages.find((i) => i.isDefault)?.osImageId ?? service.product.osImages[0]?.osImageId ?? null;
    if (!imageId) throw new BackendError("configuration", "No OS image was chosen and the product has none");
    image = { kind: "os", osImageId: imageId };
  }
  const keys = pick("ssh_keys", "sshKeys");
  const sent = Array.isArray(keys) ? keys.filter((k): k is string => typeof k === "string") : [];
  // Every key of the account is installed too (customer API: SSH keys are scoped for management only;
  // at (re)install a server receives every account key). Order kept, duplicates dropped.
  const accountKeys = (await db.sshKey.findMany({ where: { accountId: service.accountId }, orderBy: { createdAt: "asc" }, select: { publicKey: true } })).map((k) => k.publicKey.trim());
  const sshKeys = [...new Set([...sent.map((k) => k.trim()), ...accountKeys])];
  return {
    serviceId,
    kind,
    locationId,
    locationIds,
    name: machineNameFor(serviceId),
    hostname: service.hostname ?? service.name,
    size,
    sku: kind === "dedicated" ? (str(specs.hardwareSku) ?? service.product.slug) : null,
    image,
    nodeId,
    sshKeys,
    userData: str(pick("user_data", "userData")),
  };
}

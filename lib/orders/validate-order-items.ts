import type { DbOrTx } from "@/lib/db/client";
import { DomainError, type FieldIssue } from "@/lib/errors/domain-error";
import { defaultOrderableImage, orderableImages } from "@/lib/catalogue/catalogue";
import { capacitySource, computeAvailability } from "@/lib/catalogue/compute-availability";
import { loadCapacitySnapshot, moduleOffFor } from "@/lib/catalogue/load-availability-inputs";
import { loadCatalogueProducts, type CatalogueProduct } from "@/lib/catalogue/load-catalogue-products";
import { getPlatformSwitches } from "@/lib/platform/platform-switches";
import { isRfc1123Hostname } from "@/lib/catalogue/hostname-pattern";
import { isUuid } from "@/lib/schemas/uuid";
import { productKindNotOrderableReason } from "@/lib/catalogue/product-kind-backends";
import { customImageForOrder } from "@/lib/services/images/custom-image-for-order";
import type { OrderQuote } from "@/lib/pricing";
import type { OrderItemInput } from "./order-input";

export const USER_DATA_MAX_BYTES = 64 * 1024;

/** What an order item carries beyond its price, checked and normalised. */
export interface ValidatedItem {
  hostname: string | null;
  osImageId: string | null;
  /** A custom image of the account (customer API `custom_image_id`), instead of `osImageId`. */
  customImageId: string | null;
  userData: string | null;
  sshKeys: string[];
  externalServiceId: string | null;
  /** Stored as OrderItem.configuration. */
  configuration: Record<string, unknown>;
  productKind: CatalogueProduct["kind"];
  productSlug: string;
}

const SSH_KEY = /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) [A-Za-z0-9+/]+={0,3}( [^\r\n]*)?$/;

function invalid(field: string, message: string): DomainError {
  return new DomainError("invalid", message, { details: [{ field, message }] });
}

/** docs/decisions.md#d33: `#!` script or `#cloud-config` document, at most 64 KB. */
export function checkUserData(value: string, field: string): void {
  if (Buffer.byteLength(value, "utf8") > USER_DATA_MAX_BYTES) throw invalid(field, "user_data must be at most 64 KB");
  if (!value.startsWith("#!") && !value.startsWith("#cloud-config")) {
    throw invalid(field, "user_data must start with '#!' (a script) or '#cloud-config' (a cloud-config document)");
  }
}

/**
 * Everything about an order's items that is not price: hostname, OS image (exclusive with a custom
 * image), user_data, SSH keys, and whether the product can be built where it is ordered now.
 * Runs before any charge. `fieldPrefix(i)` names item fields the way the client sent them.
 */
export async function validateOrderItems(
  db: DbOrTx,
  accountId: string,
  items: OrderItemInput[],
  quote: OrderQuote,
  fieldName: (index: number, field: string) => string,
  /** The project a customer request is narrowed to: a custom image outside it is not found. */
  options: { scopedProjectId?: string | null } = {},
): Promise<ValidatedItem[]> {
  // The catalogue's product facts and the availability inputs, read once for all items. Prices
  // are not read again: the quote priced every line, so each product is sellable to this buyer.
  const [products, switches] = await Promise.all([loadCatalogueProducts(db, { ids: items.map((i) => i.productId) }), getPlatformSwitches(db)]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const snapshot = await loadCapacitySnapshot(db, products);
  const accountKeyIds = new Set<string>();
  const wantedKeyIds = items.flatMap((i) => i.configuration?.sshKeyIds ?? []);
  if (wantedKeyIds.length > 0) {
    const valid = wantedKeyIds.filter(isUuid);
    const found = await db.sshKey.findMany({ where: { accountId, id: { in: valid } }, select: { id: true } });
    for (const k of found) accountKeyIds.add(k.id);
  }

  const out: ValidatedItem[] = [];
  for (const [i, item] of items.entries()) {
    const product = byId.get(item.productId);
    if (!product) throw new DomainError("not_found", "Product not found");
    const cfg = item.configuration ?? {};
    const f = (field: string) => fieldName(i, field);

    const hostname = item.hostname?.trim() || null;
    if (hostname !== null && !isRfc1123Hostname(hostname)) {
      throw invalid(f("hostname"), "Hostname must be a valid host name (RFC 1123: labels of letters, digits and hyphens, at most 253 characters)");
    }

    if (cfg.osImageId && cfg.customImageId) throw invalid(f("custom_image_id"), "Send either os_image_id or custom_image_id, not both");
    const line = quote.lines[i]!;
    let osImageId: string | null = null;
    let customImage: { id: string; osFamily: string } | null = null;
    const images = orderableImages(product);
    const wantedImage = cfg.osImageId ?? null;
    if (cfg.customImageId) {
      customImage = await customImageForOrder(db, {
        accountId,
        scopedProjectId: options.scopedProjectId ?? null,
        imageId: cfg.customImageId,
        product,
        locationId: line.location?.locationId ?? null,
        field: f("custom_image_id"),
      });
    } else if (wantedImage) {
      const image = isUuid(wantedImage) ? images.find((im) => im.id === wantedImage.toLowerCase()) : undefined;
      if (!image) throw invalid(f("osImageId"), "This OS image cannot be ordered with this product");
      osImageId = image.id;
    } else if (product.kind === "vps") {
      osImageId = defaultOrderableImage(product)?.id ?? null;
    }

    const userData = cfg.userData ?? null;
    if (userData !== null) {
      checkUserData(userData, f("user_data"));
      if (product.kind !== "vps") throw invalid(f("user_data"), "user_data is only available on VPS products");
      const family = customImage ? customImage.osFamily : images.find((im) => im.id === osImageId)?.family;
      if (family?.toLowerCase() === "windows") throw invalid(f("user_data"), "user_data is not available on Windows images");
    }

    const sshKeys = cfg.sshKeys ?? [];
    const badKeys: FieldIssue[] = sshKeys.flatMap((k, n) => (SSH_KEY.test(k.trim()) ? [] : [{ field: `${f("ssh_keys")}[${n}]`, message: "Not an OpenSSH public key" }]));
    if (badKeys.length > 0) throw new DomainError("invalid", "ssh_keys must be OpenSSH public keys", { details: badKeys });
    const unknownKeyIds = (cfg.sshKeyIds ?? []).filter((id) => !accountKeyIds.has(id));
    if (unknownKeyIds.length > 0) throw invalid(f("ssh_key_ids"), `Unknown SSH key ids: ${unknownKeyIds.join(", ")}`);

    // Can it be built where it is ordered now? `unknown` never refuses (docs/catalogue.md).
    // A kind no backend builds (IP transit, colocation for now) is plan_disabled here: 409
    // PRODUCT_UNAVAILABLE naming why, before anything is written (product-kind-backends.ts).
    const facts = {
      sellable: true,
      orderableImages: orderableImages(product).length,
      moduleOff: moduleOffFor(product.kind, switches),
      noBackend: productKindNotOrderableReason(product.kind),
    };
    const availability = computeAvailability(product, facts, snapshot, line.location?.value ?? null);
    if (!availability.available) {
      const code =
        availability.code === "no_capacity"
          ? capacitySource(product.kind) === "configured"
            ? "LOCATION_SOLD_OUT"
            : "NO_CAPACITY"
          : availability.code === "sold_out"
            ? "SOLD_OUT"
            : "PRODUCT_UNAVAILABLE";
      throw new DomainError("conflict", availability.reason, { code });
    }

    // The build reads `custom_image_id` from the stored configuration, so only a checked one is kept:
    // a free-form key of the same name (the reseller API's `configuration`) never reaches the build.
    const { custom_image_id: _unchecked, customImageId: _uncheckedToo, ...extra } = cfg.extra ?? {};
    const configuration: Record<string, unknown> = {
      ...extra,
      ...(osImageId ? { osImageId } : {}),
      ...(customImage ? { custom_image_id: customImage.id } : {}),
      ...(userData !== null ? { user_data: userData } : {}),
      ...(sshKeys.length > 0 ? { ssh_keys: sshKeys.map((k) => k.trim()) } : {}),
      ...(cfg.sshKeyIds && cfg.sshKeyIds.length > 0 ? { ssh_key_ids: cfg.sshKeyIds } : {}),
      ...(cfg.externalServiceId ? { externalServiceId: cfg.externalServiceId } : {}),
      ...(hostname ? { hostname } : {}),
      ...(line.location ? { location: line.location.value } : {}),
    };
    out.push({
      hostname,
      osImageId,
      customImageId: customImage?.id ?? null,
      userData,
      sshKeys,
      externalServiceId: cfg.externalServiceId ?? null,
      configuration,
      productKind: product.kind,
      productSlug: product.slug,
    });
  }
  return out;
}

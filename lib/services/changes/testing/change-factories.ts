import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// Catalogue rows the service-change tests share: an add-on assigned to a product, and a bigger plan
// linked to it by an upgrade path. Sizes follow VPS_SPECS (2 vCPU / 4 GB / 80 GB) doubled.

const uid = () => randomBytes(4).toString("hex");

/** A recurring add-on with a monthly price and a setup fee, offered on `productId`. */
export async function makeAddon(db: Db, productId: string, data: { monthly?: string; setupFee?: string | null; maxQuantity?: number | null; name?: string } = {}) {
  const id = uid();
  return db.productOption.create({
    data: {
      name: data.name ?? `Backup ${id}`,
      slug: `addon-${id}`,
      pricingType: "recurring",
      maxQuantity: data.maxQuantity ?? null,
      setupFee: data.setupFee === null ? null : new Prisma.Decimal(data.setupFee ?? "1.00"),
      prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal(data.monthly ?? "3.00") }] },
      products: { create: [{ productId }] },
    },
  });
}

/** A VPS plan twice the size of VPS_SPECS (or of `specs`) in `locationId`, reachable from `fromProductId` by an upgrade path. */
export async function makeUpgradePlan(db: Db, fromProductId: string, locationId: string, data: { monthly?: string; link?: boolean; diskGb?: number; specs?: Prisma.InputJsonObject } = {}) {
  const id = uid();
  const product = await db.product.create({
    data: {
      kind: "vps",
      name: `VPS L ${id}`,
      slug: `vps-l-${id}`,
      specs: data.specs ?? { cpu: "4 vCPU", ram: "8 GB", storage: "160 GB NVMe", vcpus: 4, memoryMb: 8192, diskGb: data.diskGb ?? 160 },
      prices: { create: [{ cycle: "monthly", amount: new Prisma.Decimal(data.monthly ?? "20.00") }] },
      locations: { create: [{ locationId }] },
    },
  });
  if (data.link !== false) await db.productUpgradePath.create({ data: { fromProductId, toProductId: product.id } });
  return product;
}

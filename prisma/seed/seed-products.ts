import type { Tx } from "@/lib/db/client";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { DEMO_PRODUCTS, DEMO_UPGRADE_PATHS } from "./demo-products";
import type { DemoCategorySlug } from "./seed-categories";
import type { DemoLocationValue } from "./seed-locations";
import type { DemoOsImageSlug } from "./seed-os-images";

export interface CatalogueRefs {
  categories: Record<DemoCategorySlug, string>;
  locations: Record<DemoLocationValue, string>;
  osImages: Record<DemoOsImageSlug, string>;
}

/** Products with their prices, locations and images, then upgrade paths. Returns product ids by slug. */
export async function seedProducts(tx: Tx, refs: CatalogueRefs): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const product = await tx.product.create({
      data: {
        slug: p.slug,
        name: p.name,
        kind: p.kind,
        categoryId: refs.categories[p.category],
        description: p.description,
        specs: p.specs,
        setupFee: p.setupFee ?? null,
        snapshotLimit: p.snapshotLimit ?? 0,
        locationRequired: p.locationRequired ?? false,
        sortOrder: i + 1,
        prices: {
          create: Object.entries(p.prices).map(([cycle, amount]) => ({ cycle: cycle as BillingCycle, amount })),
        },
        locations: {
          create: p.locations.map((l) => ({
            locationId: refs.locations[l.value],
            capacity: l.capacity,
            surchargeMonthly: l.surchargeMonthly ?? null,
            surchargeSetup: l.surchargeSetup ?? null,
          })),
        },
        osImages: {
          create: (p.osImages ?? []).map((slug, n) => ({ osImageId: refs.osImages[slug], isDefault: n === 0 })),
        },
      },
    });
    ids[p.slug] = product.id;
  }
  await tx.productUpgradePath.createMany({
    data: DEMO_UPGRADE_PATHS.map(([from, to]) => ({ fromProductId: ids[from]!, toProductId: ids[to]! })),
  });
  return ids;
}

import type { Tx } from "@/lib/db/client";
import type { BillingCycle } from "@/lib/generated/prisma/client";

// Hourly billing only makes sense for capacity that can be handed back at once; hardware,
// transit ports and rack space are committed for at least a month.
export const DEMO_CATEGORIES = [
  { slug: "vps", name: "VPS", disabledCycles: [] },
  { slug: "dedicated", name: "Dedicated servers", disabledCycles: ["hourly"] },
  { slug: "game-servers", name: "Game servers", disabledCycles: [] },
  { slug: "network", name: "Network", disabledCycles: ["hourly"] },
  { slug: "colocation", name: "Colocation", disabledCycles: ["hourly"] },
] as const satisfies readonly { slug: string; name: string; disabledCycles: readonly BillingCycle[] }[];

export type DemoCategorySlug = (typeof DEMO_CATEGORIES)[number]["slug"];

/** Returns category ids by slug. */
export async function seedCategories(tx: Tx): Promise<Record<DemoCategorySlug, string>> {
  const ids = {} as Record<DemoCategorySlug, string>;
  for (const [i, category] of DEMO_CATEGORIES.entries()) {
    ids[category.slug] = (
      await tx.productCategory.create({
        data: { slug: category.slug, name: category.name, disabledCycles: [...category.disabledCycles], sortOrder: i + 1 },
      })
    ).id;
  }
  return ids;
}

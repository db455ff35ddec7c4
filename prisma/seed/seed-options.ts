import type { Tx } from "@/lib/db/client";
import type { BillingCycle, OptionPricingType } from "@/lib/generated/prisma/client";
import type { CyclePrices } from "./demo-products";

interface DemoOption {
  slug: string;
  name: string;
  description: string;
  pricingType: OptionPricingType;
  maxQuantity: number;
  setupFee?: string;
  /** Recurring options: price per cycle. */
  prices?: CyclePrices;
  /** One-time options: billed once, no separate setup fee. */
  oneTimePrice?: string;
  products: string[];
}

const VPS = ["vps-s", "vps-m", "vps-l"];
const DEDICATED = ["ds-xeon-e2388g", "ds-epyc-7443p"];

export const DEMO_OPTIONS: DemoOption[] = [
  {
    slug: "extra-ipv4",
    name: "Additional IPv4 address",
    description: "One more routed IPv4 address with reverse DNS.",
    pricingType: "recurring",
    maxQuantity: 8,
    prices: { monthly: "2.0000", quarterly: "6.0000", semi_annually: "12.0000", annually: "24.0000", hourly: "0.0028" },
    products: [...VPS, ...DEDICATED, "colo-1u"],
  },
  {
    slug: "daily-backups",
    name: "Automated daily backups",
    description: "Nightly off-site backup of the whole disk, kept for 7 days.",
    pricingType: "recurring",
    maxQuantity: 1,
    prices: { monthly: "3.0000", quarterly: "9.0000", semi_annually: "18.0000", annually: "36.0000", hourly: "0.0042" },
    products: VPS,
  },
  {
    slug: "extra-ram-32gb",
    name: "Additional 32 GB DDR4 ECC RAM",
    description: "Memory upgrade fitted before delivery.",
    pricingType: "recurring",
    maxQuantity: 2,
    setupFee: "25.0000",
    // No hourly price: dedicated hardware is not billed by the hour.
    prices: { monthly: "19.0000", quarterly: "57.0000", semi_annually: "114.0000", annually: "228.0000" },
    products: DEDICATED,
  },
  {
    slug: "assisted-migration",
    name: "Assisted migration",
    description: "Our engineers move one site or application from your current host.",
    pricingType: "one_time",
    maxQuantity: 1,
    oneTimePrice: "79.0000",
    products: ["vps-m", "vps-l", ...DEDICATED],
  },
];

/** Returns option ids by slug. */
export async function seedOptions(tx: Tx, productIds: Record<string, string>): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const o of DEMO_OPTIONS) {
    const option = await tx.productOption.create({
      data: {
        slug: o.slug,
        name: o.name,
        description: o.description,
        pricingType: o.pricingType,
        maxQuantity: o.maxQuantity,
        setupFee: o.setupFee ?? null,
        oneTimePrice: o.oneTimePrice ?? null,
        prices: {
          create: Object.entries(o.prices ?? {}).map(([cycle, amount]) => ({ cycle: cycle as BillingCycle, amount })),
        },
        products: { create: o.products.map((slug) => ({ productId: productIds[slug]! })) },
      },
    });
    ids[o.slug] = option.id;
  }
  return ids;
}

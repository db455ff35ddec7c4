import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zCheckbox, zEnum, zInt, zOptionalMoney, zOptionalText, zSlug, zText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db, DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { Prisma, ProductKind } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";
import { pickCyclePrices, zCyclePrices } from "./cycle-price-fields";

export const PRODUCT_KINDS: readonly ProductKind[] = ["vps", "dedicated", "game", "ip_transit", "colocation", "generic"];

const zSpecs = z.unknown().optional().transform((value, ctx): Prisma.InputJsonObject => {
  const s = value === undefined || value === null ? "" : String(value).trim();
  if (s === "") return {};
  try {
    const parsed: unknown = JSON.parse(s);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Prisma.InputJsonObject;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: "custom", message: 'Specs are a JSON object, e.g. {"vcpus": 2, "memoryMb": 4096, "diskGb": 80}.' });
  return z.NEVER;
});

export const productInputSchema = z
  .object({
    name: zText("product name", 120),
    slug: zSlug("slug"),
    categoryId: z.unknown().optional().transform((v) => (v ? String(v) : null)),
    kind: zEnum(PRODUCT_KINDS, "Choose what kind of product this is."),
    description: zOptionalText(2000),
    specs: zSpecs,
    ipv6: zCheckbox,
    setupFee: zOptionalMoney,
    enabled: zCheckbox,
    forcedUnavailable: zCheckbox,
    locationRequired: zCheckbox,
    snapshotLimit: zInt(0, 100, "a number of snapshots"),
    sortOrder: zInt(-1000, 1000, "a position"),
  })
  .and(zCyclePrices);

export type ProductInput = z.input<typeof productInputSchema>;

/**
 * The specs as stored: the IPv6 checkbox is `specs.ipv6` (true, or absent), so capacity and
 * provisioning read it where they read the rest of the plan's size.
 */
function specsWithIpv6(data: { kind: ProductKind; specs: Prisma.InputJsonObject; ipv6: boolean }): Prisma.InputJsonObject {
  if (data.ipv6 && data.kind !== "vps") throw fieldError("ipv6", "IPv6 is an option of VPS products.", "invalid");
  const { ipv6: _dropped, ...rest } = data.specs;
  return data.ipv6 ? { ...rest, ipv6: true } : rest;
}

async function checkCategory(db: DbOrTx, categoryId: string | null) {
  if (categoryId && !(await db.productCategory.findUnique({ where: { id: categoryId } }))) throw fieldError("categoryId", "Choose a category from the list.", "invalid");
}

/**
 * Writes the retail price rows: a blank cycle deletes its row (the cycle is not sold), a figure
 * upserts it. A stored 0 is a deliberate free cycle.
 */
async function writePrices(tx: Prisma.TransactionClient, productId: string, prices: ReturnType<typeof pickCyclePrices>) {
  for (const cycle of BILLING_CYCLES) {
    const amount = prices[cycle];
    if (amount === null) await tx.productPrice.deleteMany({ where: { productId, cycle } });
    else await tx.productPrice.upsert({ where: { productId_cycle: { productId, cycle } }, create: { productId, cycle, amount }, update: { amount } });
  }
}

function slugTaken(slug: string) {
  return fieldError("slug", `Another product already uses the slug “${slug}”. Pick a different one.`);
}

export async function createProduct({ db }: OperatorContext<Db>, input: ProductInput) {
  const data = parseInput(productInputSchema, input);
  await checkCategory(db, data.categoryId);
  const { name, slug, categoryId, kind, description, setupFee, enabled, forcedUnavailable, locationRequired, snapshotLimit, sortOrder } = data;
  const specs = specsWithIpv6(data);
  try {
    return await db.$transaction(async (tx) => {
      const product = await tx.product.create({
        data: { name, slug, categoryId, kind, description, specs, setupFee, enabled, forcedUnavailable, locationRequired, snapshotLimit, sortOrder },
      });
      await writePrices(tx, product.id, pickCyclePrices(data));
      return product;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

export async function updateProduct({ db }: OperatorContext<Db>, { productId, product }: { productId: string; product: ProductInput }) {
  const data = parseInput(productInputSchema, product);
  await checkCategory(db, data.categoryId);
  const { name, slug, categoryId, kind, description, setupFee, enabled, forcedUnavailable, locationRequired, snapshotLimit, sortOrder } = data;
  const specs = specsWithIpv6(data);
  try {
    return await db.$transaction(async (tx) => {
      const updated = await tx.product.updateMany({
        where: { id: productId },
        data: { name, slug, categoryId, kind, description, specs, setupFee, enabled, forcedUnavailable, locationRequired, snapshotLimit, sortOrder },
      });
      if (updated.count === 0) throw new DomainError("not_found", "Product not found");
      await writePrices(tx, productId, pickCyclePrices(data));
      return tx.product.findUniqueOrThrow({ where: { id: productId }, include: { prices: true } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

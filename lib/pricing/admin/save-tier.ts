import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zInt, zMoney, zOptionalPercent, zPercent, zText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db, DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { formatCount } from "@/lib/format/format-count";

export const tierInputSchema = z.object({
  name: zText("tier name", 60),
  sortOrder: zInt(0, 1000, "a position"),
  minMonthlyRunRate: zMoney,
  defaultDiscountPercent: zPercent,
});

export type TierInput = z.input<typeof tierInputSchema> & {
  /** `category_<categoryId>`: percent for that category, blank = the tier's default applies. */
  [categoryField: `category_${string}`]: unknown;
};

export const categoryField = (categoryId: string) => `category_${categoryId}` as const;

const nameTaken = (name: string) => fieldError("name", `A tier named “${name}” already exists.`);

/** Reads the per-category discount fields: blank = no row (the tier's default applies). */
async function parseCategoryDiscounts(db: DbOrTx, input: Record<string, unknown>) {
  const categories = await db.productCategory.findMany({ select: { id: true } });
  const schema = z.object(Object.fromEntries(categories.map((c) => [categoryField(c.id), zOptionalPercent])));
  const parsed = parseInput(schema, input) as Record<string, ReturnType<typeof zOptionalPercent.parse>>;
  return categories.map((c) => ({ categoryId: c.id, percent: parsed[categoryField(c.id)] ?? null }));
}

/** Creates the tier when `tierId` is null, else updates it; the category discounts are set in the same transaction. */
export async function saveTier({ db }: OperatorContext<Db>, { tierId, tier }: { tierId: string | null; tier: TierInput }) {
  const d = parseInput(tierInputSchema, tier);
  const discounts = await parseCategoryDiscounts(db, tier);
  try {
    return await db.$transaction(async (tx) => {
      let id = tierId;
      if (id) {
        const updated = await tx.tier.updateMany({ where: { id }, data: d });
        if (updated.count === 0) throw new DomainError("not_found", "Tier not found");
      } else {
        id = (await tx.tier.create({ data: d })).id;
      }
      for (const { categoryId, percent } of discounts) {
        if (percent === null) await tx.tierCategoryDiscount.deleteMany({ where: { tierId: id, categoryId } });
        else
          await tx.tierCategoryDiscount.upsert({
            where: { tierId_categoryId: { tierId: id, categoryId } },
            create: { tierId: id, categoryId, percent },
            update: { percent },
          });
      }
      return tx.tier.findUniqueOrThrow({ where: { id }, include: { categoryDiscounts: true } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(d.name);
    throw error;
  }
}

/** A tier still assigned to resellers cannot go: their prices would change silently. */
export async function deleteTier({ db }: OperatorContext, { tierId }: { tierId: string }) {
  const holders = await db.resellerProfile.count({ where: { tierId } });
  if (holders > 0) throw new DomainError("conflict", `${formatCount(holders, "reseller is", "resellers are")} on this tier. Move them to another tier first.`);
  await db.tier.deleteMany({ where: { id: tierId } });
}

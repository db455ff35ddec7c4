import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zCheckbox, zInt, zSlug, zText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";

/** Form field of "this cycle is never sold in the category". */
export const disabledCycleField = (cycle: BillingCycle) => `disabled_${cycle}` as const;

const schema = z
  .object({ name: zText("category name", 80), slug: zSlug("slug"), sortOrder: zInt(-1000, 1000, "a position") })
  .and(z.object(Object.fromEntries(BILLING_CYCLES.map((c) => [disabledCycleField(c), zCheckbox])) as Record<ReturnType<typeof disabledCycleField>, typeof zCheckbox>));

export type CategoryInput = z.input<typeof schema>;

function read(input: CategoryInput) {
  const d = parseInput(schema, input);
  return { name: d.name, slug: d.slug, sortOrder: d.sortOrder, disabledCycles: BILLING_CYCLES.filter((c) => d[disabledCycleField(c)]) };
}

const slugTaken = (slug: string) => fieldError("slug", `Another category already uses the slug “${slug}”.`);

/**
 * A product category. `disabledCycles` are never sold at retail in it, whatever the products'
 * prices say (an override or tier price book still sells them: docs/pricing.md). A null `categoryId`
 * creates one.
 */
export async function saveCategory({ db }: OperatorContext, { categoryId, category }: { categoryId: string | null; category: CategoryInput }) {
  const data = read(category);
  try {
    if (!categoryId) return await db.productCategory.create({ data });
    const updated = await db.productCategory.updateMany({ where: { id: categoryId }, data });
    if (updated.count === 0) throw new DomainError("not_found", "Category not found");
    return db.productCategory.findUniqueOrThrow({ where: { id: categoryId } });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(data.slug);
    throw error;
  }
}

import { z } from "zod";
import { fieldError, parseInput, zCheckbox, zUuid } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";

const schema = z.object({ optionId: zUuid("option"), active: zCheckbox });

/** Offers an option with a product (or changes whether the assignment is active). */
export async function setProductOption(
  { db }: OperatorContext,
  { productId, assignment }: { productId: string; assignment: { optionId?: unknown; active?: unknown } },
) {
  const { optionId, active } = parseInput(schema, assignment);
  if (!(await db.productOption.findUnique({ where: { id: optionId } }))) throw fieldError("optionId", "Choose an option from the list.", "invalid");
  return db.productOptionAssignment.upsert({
    where: { productId_optionId: { productId, optionId } },
    create: { productId, optionId, active },
    update: { active },
  });
}

/** Stops offering the option with the product. Existing services keep their add-ons. */
export async function removeProductOption({ db }: OperatorContext, { productId, optionId }: { productId: string; optionId: string }) {
  await db.productOptionAssignment.deleteMany({ where: { productId, optionId } });
}

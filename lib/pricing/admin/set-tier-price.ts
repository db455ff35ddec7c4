import { z } from "zod";
import { fieldError, parseInput, zEnum, zMoney, zOptionalMoney, zUuid } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES } from "../billing-cycles";

const zCycle = zEnum<BillingCycle>(BILLING_CYCLES, "Choose a billing cycle.");

const productSchema = z.object({ productId: zUuid("product"), cycle: zCycle, amount: zMoney, setupFee: zOptionalMoney });
const optionSchema = z.object({ optionId: zUuid("option"), cycle: zCycle, amount: zMoney, setupFee: zOptionalMoney });

async function tierOrThrow(db: DbOrTx, tierId: string) {
  if (!(await db.tier.findUnique({ where: { id: tierId } }))) throw new DomainError("not_found", "Tier not found");
}

/**
 * A price-book entry: the tier's absolute wholesale price of a product on a cycle (step 2 of
 * wholesale resolution, before any percentage). Setup fee blank = the retail setup fee less the
 * discount; 0 waives it.
 */
export async function setTierPrice({ db }: OperatorContext, { tierId, price }: { tierId: string; price: z.input<typeof productSchema> }) {
  const { productId, cycle, amount, setupFee } = parseInput(productSchema, price);
  await tierOrThrow(db, tierId);
  if (!(await db.product.findUnique({ where: { id: productId } }))) throw fieldError("productId", "Choose a product from the list.", "invalid");
  return db.tierPrice.upsert({
    where: { tierId_productId_cycle: { tierId, productId, cycle } },
    create: { tierId, productId, cycle, amount, setupFee },
    update: { amount, setupFee },
  });
}

export async function removeTierPrice({ db }: OperatorContext, { tierId, entryId }: { tierId: string; entryId: string }) {
  await db.tierPrice.deleteMany({ where: { id: entryId, tierId } });
}

/** The tier's price of an add-on on a cycle (a monthly entry also prices cycles without their own). */
export async function setTierOptionPrice({ db }: OperatorContext, { tierId, price }: { tierId: string; price: z.input<typeof optionSchema> }) {
  const { optionId, cycle, amount, setupFee } = parseInput(optionSchema, price);
  await tierOrThrow(db, tierId);
  if (!(await db.productOption.findUnique({ where: { id: optionId } }))) throw fieldError("optionId", "Choose an option from the list.", "invalid");
  return db.tierOptionPrice.upsert({
    where: { tierId_optionId_cycle: { tierId, optionId, cycle } },
    create: { tierId, optionId, cycle, amount, setupFee },
    update: { amount, setupFee },
  });
}

export async function removeTierOptionPrice({ db }: OperatorContext, { tierId, entryId }: { tierId: string; entryId: string }) {
  await db.tierOptionPrice.deleteMany({ where: { id: entryId, tierId } });
}

import { z } from "zod";
import { fieldError, parseInput, zEnum, zInt, zMoney, zOptionalMoney, zPercent, zUuid } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { DbOrTx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { BillingCycle } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";

// The three per-reseller levers of reseller-api "Wholesale price resolution" and "Holding caps":
// an absolute override per product and cycle (step 1), a per-product percentage (step 3, wins over
// the tier's and the reseller's default even when smaller), and a cap on units held at once.

async function check(db: DbOrTx, resellerId: string, productId: string) {
  if (!(await db.resellerProfile.findUnique({ where: { id: resellerId }, select: { id: true } }))) throw new DomainError("not_found", "Reseller not found");
  if (!(await db.product.findUnique({ where: { id: productId }, select: { id: true } }))) throw fieldError("productId", "Choose a product from the list.", "invalid");
}

const overrideSchema = z.object({
  productId: zUuid("product"),
  cycle: zEnum<BillingCycle>(BILLING_CYCLES, "Choose a billing cycle."),
  amount: zMoney,
  setupFee: zOptionalMoney,
});

export async function setResellerPriceOverride({ db }: OperatorContext, { resellerId, override }: { resellerId: string; override: z.input<typeof overrideSchema> }) {
  const { productId, cycle, amount, setupFee } = parseInput(overrideSchema, override);
  await check(db, resellerId, productId);
  return db.resellerPriceOverride.upsert({
    where: { resellerId_productId_cycle: { resellerId, productId, cycle } },
    create: { resellerId, productId, cycle, amount, setupFee },
    update: { amount, setupFee },
  });
}

export async function removeResellerPriceOverride({ db }: OperatorContext, { resellerId, id }: { resellerId: string; id: string }) {
  await db.resellerPriceOverride.deleteMany({ where: { id, resellerId } });
}

const discountSchema = z.object({ productId: zUuid("product"), percent: zPercent });

export async function setResellerProductDiscount({ db }: OperatorContext, { resellerId, discount }: { resellerId: string; discount: z.input<typeof discountSchema> }) {
  const { productId, percent } = parseInput(discountSchema, discount);
  await check(db, resellerId, productId);
  return db.resellerProductDiscount.upsert({
    where: { resellerId_productId: { resellerId, productId } },
    create: { resellerId, productId, percent },
    update: { percent },
  });
}

export async function removeResellerProductDiscount({ db }: OperatorContext, { resellerId, id }: { resellerId: string; id: string }) {
  await db.resellerProductDiscount.deleteMany({ where: { id, resellerId } });
}

const capSchema = z.object({ productId: zUuid("product"), maxUnits: zInt(0, 1_000_000, "a number of units") });

export async function setResellerProductCap({ db }: OperatorContext, { resellerId, cap }: { resellerId: string; cap: z.input<typeof capSchema> }) {
  const { productId, maxUnits } = parseInput(capSchema, cap);
  await check(db, resellerId, productId);
  return db.resellerProductCap.upsert({
    where: { resellerId_productId: { resellerId, productId } },
    create: { resellerId, productId, maxUnits },
    update: { maxUnits },
  });
}

export async function removeResellerProductCap({ db }: OperatorContext, { resellerId, id }: { resellerId: string; id: string }) {
  await db.resellerProductCap.deleteMany({ where: { id, resellerId } });
}

import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zCheckbox, zEnum, zOptionalInt, zOptionalMoney, zOptionalText, zSlug, zText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { OptionPricingType, Prisma } from "@/lib/generated/prisma/client";
import { BILLING_CYCLES } from "@/lib/pricing/billing-cycles";
import { pickCyclePrices, zCyclePrices } from "./cycle-price-fields";

export const OPTION_PRICING_TYPES: readonly OptionPricingType[] = ["recurring", "one_time"];

export const optionInputSchema = z
  .object({
    name: zText("option name", 120),
    slug: zSlug("slug"),
    description: zOptionalText(1000),
    pricingType: zEnum(OPTION_PRICING_TYPES, "Choose recurring or one-time."),
    maxQuantity: zOptionalInt(1, 10_000, "a maximum quantity"),
    setupFee: zOptionalMoney,
    oneTimePrice: zOptionalMoney,
    active: zCheckbox,
  })
  .and(zCyclePrices)
  .superRefine((o, ctx) => {
    // A one-time option without its price could never be ordered; say so now rather than at checkout.
    if (o.pricingType === "one_time" && o.oneTimePrice === null && o.price_monthly === null)
      ctx.addIssue({ code: "custom", path: ["oneTimePrice"], message: "A one-time option needs its one-time price." });
  });

export type OptionInput = z.input<typeof optionInputSchema>;

async function writePrices(tx: Prisma.TransactionClient, optionId: string, prices: ReturnType<typeof pickCyclePrices>) {
  for (const cycle of BILLING_CYCLES) {
    const amount = prices[cycle];
    if (amount === null) await tx.productOptionPrice.deleteMany({ where: { optionId, cycle } });
    else await tx.productOptionPrice.upsert({ where: { optionId_cycle: { optionId, cycle } }, create: { optionId, cycle, amount }, update: { amount } });
  }
}

const slugTaken = (slug: string) => fieldError("slug", `Another option already uses the slug “${slug}”. Pick a different one.`);

export async function createOption({ db }: OperatorContext<Db>, input: OptionInput) {
  const d = parseInput(optionInputSchema, input);
  const { name, slug, description, pricingType, maxQuantity, setupFee, oneTimePrice, active } = d;
  try {
    return await db.$transaction(async (tx) => {
      const option = await tx.productOption.create({ data: { name, slug, description, pricingType, maxQuantity, setupFee, oneTimePrice, active } });
      await writePrices(tx, option.id, pickCyclePrices(d));
      return option;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

export async function updateOption({ db }: OperatorContext<Db>, { optionId, option }: { optionId: string; option: OptionInput }) {
  const d = parseInput(optionInputSchema, option);
  const { name, slug, description, pricingType, maxQuantity, setupFee, oneTimePrice, active } = d;
  try {
    return await db.$transaction(async (tx) => {
      const updated = await tx.productOption.updateMany({ where: { id: optionId }, data: { name, slug, description, pricingType, maxQuantity, setupFee, oneTimePrice, active } });
      if (updated.count === 0) throw new DomainError("not_found", "Option not found");
      await writePrices(tx, optionId, pickCyclePrices(d));
      return tx.productOption.findUniqueOrThrow({ where: { id: optionId }, include: { prices: true } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

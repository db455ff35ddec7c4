import { z } from "zod";
import { parseInput, zCheckbox, zEnum, zInt, zOptionalMoney } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { ResellerPaymentMode } from "@/lib/generated/prisma/client";

export const PAYMENT_MODES: readonly ResellerPaymentMode[] = ["credit", "saved_method", "invoice"];

export const programmeInputSchema = z.object({
  enabled: zCheckbox,
  paymentMode: zEnum(PAYMENT_MODES, "Choose how reseller orders are collected."),
  minimumOrderAmount: zOptionalMoney,
  accountHourlyLimit: zInt(1, 1_000_000, "a number of requests per hour"),
  webhookMaxAttempts: zInt(1, 100, "a number of attempts"),
  peerConnectionsEnabled: zCheckbox,
});

export type ProgrammeInput = z.input<typeof programmeInputSchema>;

/** The reseller programme singleton (id 1); created with these values when missing. */
export async function saveProgrammeSettings({ db }: OperatorContext, input: ProgrammeInput) {
  const d = parseInput(programmeInputSchema, input);
  return db.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, ...d }, update: d });
}

export async function getProgrammeSettings({ db }: OperatorContext) {
  return (await db.resellerProgramme.findUnique({ where: { id: 1 } })) ?? (await db.resellerProgramme.create({ data: { id: 1 } }));
}

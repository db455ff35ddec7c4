import { z } from "zod";
import { parseInput, zCheckbox } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";

export const signUpSettingsSchema = z.object({ signUpOpen: zCheckbox, signUpApproval: zCheckbox });

/**
 * Whether people may create customer accounts themselves (the sign-up page and its link on the sign-in
 * page), and whether a new account waits for an operator's approval before it can order.
 */
export async function saveSignUpSettings({ db }: OperatorContext, input: z.input<typeof signUpSettingsSchema>) {
  const data = parseInput(signUpSettingsSchema, input);
  return db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}

import { z } from "zod";
import { parseInput, zCheckbox, zInt, zOptionalMoney } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";

export const billingSettingsSchema = z.object({
  issueProformas: zCheckbox,
  invoiceDueDays: zInt(0, 90, "a number of days"),
  suspensionGraceDays: zInt(0, 60, "a number of days"),
  customImageLimit: zInt(0, 1000, "a number of images"),
  imageStoragePrice: zOptionalMoney,
});

export type BillingSettingsInput = z.input<typeof billingSettingsSchema>;

/** The platform's billing settings (PlatformSettings, id 1), as the operator console edits them. */
export async function getBillingSettings({ db }: OperatorContext) {
  return (
    (await db.platformSettings.findUnique({ where: { id: 1 } })) ??
    (await db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} }))
  );
}

/** Saves them; a blank storage price (or 0) means custom images are stored free. */
export async function saveBillingSettings({ db }: OperatorContext, input: BillingSettingsInput) {
  const d = parseInput(billingSettingsSchema, input);
  const data = { ...d, imageStoragePrice: d.imageStoragePrice && d.imageStoragePrice.gt(0) ? d.imageStoragePrice : null };
  return db.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}

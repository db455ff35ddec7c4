import { z } from "zod";
import { fieldError, parseInput, zCheckbox, zPercent } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";

const schema = z.object({
  tierId: z.unknown().optional().transform((v) => (v ? String(v) : null)),
  tierPinned: zCheckbox,
  defaultDiscountPercent: zPercent,
});

export type ResellerTermsInput = z.input<typeof schema>;

/** The reseller's tier (pinned = run-rate recomputation leaves it alone) and default discount. */
export async function updateResellerTerms({ db }: OperatorContext, { resellerId, terms }: { resellerId: string; terms: ResellerTermsInput }) {
  const d = parseInput(schema, terms);
  if (d.tierId && !(await db.tier.findUnique({ where: { id: d.tierId } }))) throw fieldError("tierId", "Choose a tier from the list.", "invalid");
  const updated = await db.resellerProfile.updateMany({ where: { id: resellerId }, data: d });
  if (updated.count === 0) throw new DomainError("not_found", "Reseller not found");
  return db.resellerProfile.findUniqueOrThrow({ where: { id: resellerId } });
}

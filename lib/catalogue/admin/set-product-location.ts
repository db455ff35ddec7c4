import { z } from "zod";
import { fieldError, parseInput, zCheckbox, zOptionalInt, zOptionalMoney, zUuid } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";

const schema = z.object({
  locationId: zUuid("location"),
  surchargeMonthly: zOptionalMoney,
  surchargeSetup: zOptionalMoney,
  capacity: zOptionalInt(0, 1_000_000, "a number of units"),
  enabled: zCheckbox,
});

export type ProductLocationInput = z.input<typeof schema>;

/**
 * Sells a product in a location (or edits the row): per-month and one-off surcharges (blank = no
 * surcharge) and, for kinds without a backend, the configured capacity (blank = not limited).
 */
export async function setProductLocation({ db }: OperatorContext, { productId, location }: { productId: string; location: ProductLocationInput }) {
  const data = parseInput(schema, location);
  if (!(await db.location.findUnique({ where: { id: data.locationId } }))) throw fieldError("locationId", "Choose a location from the list.", "invalid");
  const { locationId, ...fields } = data;
  return db.productLocation.upsert({
    where: { productId_locationId: { productId, locationId } },
    create: { productId, locationId, ...fields },
    update: fields,
  });
}

export async function removeProductLocation({ db }: OperatorContext, { productId, locationId }: { productId: string; locationId: string }) {
  await db.productLocation.deleteMany({ where: { productId, locationId } });
}

import { z } from "zod";
import { fieldError, parseInput, zCheckbox, zUuid } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import type { Db } from "@/lib/db/client";

const schema = z.object({ osImageId: zUuid("OS image"), isDefault: zCheckbox });

/** Links an OS image to a product; `isDefault` makes it the product's only default. */
export async function setProductOsImage(
  { db }: OperatorContext<Db>,
  { productId, link }: { productId: string; link: { osImageId?: unknown; isDefault?: unknown } },
) {
  const { osImageId, isDefault } = parseInput(schema, link);
  if (!(await db.osImage.findUnique({ where: { id: osImageId } }))) throw fieldError("osImageId", "Choose an OS image from the list.", "invalid");
  return db.$transaction(async (tx) => {
    if (isDefault) await tx.productOsImage.updateMany({ where: { productId, isDefault: true }, data: { isDefault: false } });
    return tx.productOsImage.upsert({
      where: { productId_osImageId: { productId, osImageId } },
      create: { productId, osImageId, isDefault },
      update: { isDefault },
    });
  });
}

export async function removeProductOsImage({ db }: OperatorContext, { productId, osImageId }: { productId: string; osImageId: string }) {
  await db.productOsImage.deleteMany({ where: { productId, osImageId } });
}

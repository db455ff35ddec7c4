import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

/** The operator's top-up limits and the preset amounts the portals offer. */
export async function topUpLimits(db: Pick<Db, "platformSettings">) {
  const settings = await db.platformSettings.findUnique({ where: { id: 1 }, select: { topUpMinimum: true, topUpMaximum: true, topUpPresets: true } });
  return {
    minimum: settings?.topUpMinimum ?? new Prisma.Decimal(5),
    maximum: settings?.topUpMaximum ?? new Prisma.Decimal(1000),
    presets: settings?.topUpPresets ?? [10, 25, 50, 100],
  };
}

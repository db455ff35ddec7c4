import type { Tx } from "@/lib/db/client";

/** The two singletons. Upserts, because start-up code elsewhere may create them with defaults first. */
export async function seedSettings(tx: Tx): Promise<void> {
  // Image storage is priced so the demo shows what a month of keeping a capture costs.
  const platform = { baseCurrency: "EUR", imageStoragePrice: "0.0500" };
  await tx.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, ...platform }, update: platform });
  const programme = { enabled: true, paymentMode: "credit", webhookMaxAttempts: 20 } as const;
  await tx.resellerProgramme.upsert({ where: { id: 1 }, create: { id: 1, ...programme }, update: programme });
}

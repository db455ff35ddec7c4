import type { Tx } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { imageLimitReached } from "./custom-image-rules";

/**
 * Inside the caller's transaction: takes the account row's lock (so two registrations or captures of
 * one account are counted one after the other) and refuses when the account already holds its
 * operator-set number of images (PlatformSettings.customImageLimit, default 10).
 */
export async function assertImageSlotFree(tx: Tx, accountId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "ClientAccount" WHERE id = ${accountId}::uuid FOR UPDATE`;
  const settings = await tx.platformSettings.findUnique({ where: { id: 1 }, select: { customImageLimit: true } });
  const max = settings?.customImageLimit ?? 10;
  const held = await tx.customImage.count({ where: { accountId, deletedAt: null } });
  if (held >= max) throw new DomainError("conflict", imageLimitReached(max));
}

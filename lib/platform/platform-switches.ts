import type { DbOrTx } from "@/lib/db/client";

export interface PlatformSwitches {
  customerApiEnabled: boolean;
  nativeVpsEnabled: boolean;
  dedicatedEnabled: boolean;
  gameEnabled: boolean;
  /** Requests per key per hour on the customer API (one figure for every key). */
  customerHourlyLimit: number;
}

/** The schema's defaults, used while the PlatformSettings singleton has not been written yet. */
export const PLATFORM_DEFAULTS: PlatformSwitches = {
  customerApiEnabled: true,
  nativeVpsEnabled: true,
  dedicatedEnabled: true,
  gameEnabled: true,
  customerHourlyLimit: 1000,
};

/** Operator switches and limits of the platform (PlatformSettings, id 1). */
export async function getPlatformSwitches(db: DbOrTx): Promise<PlatformSwitches> {
  const row = await db.platformSettings.findUnique({
    where: { id: 1 },
    select: { customerApiEnabled: true, nativeVpsEnabled: true, dedicatedEnabled: true, gameEnabled: true, customerHourlyLimit: true },
  });
  return row ?? PLATFORM_DEFAULTS;
}

/** Whether the reseller programme (and so the reseller API) is switched on (ResellerProgramme, id 1). */
export async function isResellerProgrammeEnabled(db: DbOrTx): Promise<boolean> {
  const row = await db.resellerProgramme.findUnique({ where: { id: 1 }, select: { enabled: true } });
  return row?.enabled ?? true;
}

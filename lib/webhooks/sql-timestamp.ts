import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A Date for raw SQL against the UTC `timestamp(3)` columns Prisma writes: ISO text cast to
 * `timestamp`, so the zone suffix is dropped instead of converted through the session's zone.
 */
export function sqlTimestamp(date: Date): Prisma.Sql {
  return Prisma.sql`${date.toISOString()}::timestamp`;
}

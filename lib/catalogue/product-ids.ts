import { isUuid } from "@/lib/schemas/uuid";

/** Distinct ids that can exist (a malformed id is simply not found: the column is a uuid). */
export function wellFormedIds(ids: Iterable<string>): string[] {
  return [...new Set(ids)].filter(isUuid);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Distinct ids that can exist (a malformed id is simply not found: the column is a uuid). */
export function wellFormedIds(ids: Iterable<string>): string[] {
  return [...new Set(ids)].filter(isUuid);
}

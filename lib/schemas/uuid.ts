import { z } from "zod";

/** A UUID in any version (ids are gen_random_uuid() v4, but clients may send any well-formed one). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** The wire field: "Must be a UUID" as both APIs word it. */
export const uuidSchema = z.guid({ error: "Must be a UUID" });

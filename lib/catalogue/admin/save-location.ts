import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zCheckbox, zInt, zSlug, zText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";

const zCountry = z
  .unknown()
  .optional()
  .transform((v) => String(v ?? "").trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, "Enter the two-letter country code (ISO 3166-1), e.g. NL."));

export const locationInputSchema = z.object({
  name: zText("location name", 120),
  value: zSlug("value code"),
  countryCode: zCountry,
  flag: z
    .unknown()
    .optional()
    .transform((v) => String(v ?? "").trim())
    .pipe(z.string().max(16, "The flag is one emoji (e.g. 🇳🇱) or a short code.")),
  enabled: zCheckbox,
  sortOrder: zInt(-1000, 1000, "a position"),
});

export type LocationInput = z.input<typeof locationInputSchema>;

/** The flag emoji of a two-letter country code (regional indicator symbols). */
export function flagOf(countryCode: string): string {
  return [...countryCode.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join("");
}

const valueTaken = (value: string) =>
  fieldError("value", `The value code “${value}” is already used by another location. Orders name a location by this code, so it must be unique.`);

export async function createLocation({ db }: OperatorContext, input: LocationInput) {
  const d = parseInput(locationInputSchema, input);
  try {
    return await db.location.create({ data: { ...d, flag: d.flag || flagOf(d.countryCode) } });
  } catch (error) {
    if (isUniqueViolation(error)) throw valueTaken(d.value);
    throw error;
  }
}

export async function updateLocation({ db }: OperatorContext, { locationId, location }: { locationId: string; location: LocationInput }) {
  const d = parseInput(locationInputSchema, location);
  try {
    const updated = await db.location.updateMany({ where: { id: locationId }, data: { ...d, flag: d.flag || flagOf(d.countryCode) } });
    if (updated.count === 0) throw new DomainError("not_found", "Location not found");
    return db.location.findUniqueOrThrow({ where: { id: locationId } });
  } catch (error) {
    if (isUniqueViolation(error)) throw valueTaken(d.value);
    throw error;
  }
}

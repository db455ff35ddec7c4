import type { Tx } from "@/lib/db/client";

export const DEMO_LOCATIONS = [
  { value: "ams1", name: "Amsterdam", countryCode: "NL", flag: "🇳🇱" },
  { value: "fra1", name: "Frankfurt", countryCode: "DE", flag: "🇩🇪" },
  { value: "hel1", name: "Helsinki", countryCode: "FI", flag: "🇫🇮" },
] as const;

export type DemoLocationValue = (typeof DEMO_LOCATIONS)[number]["value"];

/** Returns location ids by `value`. */
export async function seedLocations(tx: Tx): Promise<Record<DemoLocationValue, string>> {
  const ids = {} as Record<DemoLocationValue, string>;
  for (const [i, location] of DEMO_LOCATIONS.entries()) {
    ids[location.value] = (await tx.location.create({ data: { ...location, sortOrder: i + 1 } })).id;
  }
  return ids;
}

/** A product's headline specs for people ("2 vCPU · 4 GB · 80 GB NVMe"), or null when it has none. */
export function specLine(specs: Record<string, unknown>): string | null {
  const parts = ["cpu", "ram", "storage", "traffic", "port", "rackUnits"]
    .map((k) => specs[k])
    .filter((v): v is string | number => typeof v === "string" || typeof v === "number")
    .map(String);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** One point of a chart's series: when, and the value (null where nothing was measured). */
export type SeriesPoint<At> = { at: At; value: number | null };

/**
 * A chart in one sentence for a screen reader: "CPU over the last 24 hours: average 12%, peak 48%
 * at 14:00." Points without a value are left out; a series without any says so.
 */
export function seriesSummary<At>(what: string, points: SeriesPoint<At>[], format: (value: number) => string, formatTime: (at: At) => string): string {
  const measured = points.filter((p): p is { at: At; value: number } => p.value !== null && Number.isFinite(p.value));
  if (measured.length === 0) return `${what}: no measurements.`;
  const average = measured.reduce((sum, p) => sum + p.value, 0) / measured.length;
  // The first of equal peaks: the moment it was first reached.
  const peak = measured.reduce((best, p) => (p.value > best.value ? p : best));

  return `${what}: average ${format(average)}, peak ${format(peak.value)} at ${formatTime(peak.at)}.`;
}

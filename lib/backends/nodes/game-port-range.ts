/** The ports a game node may hand out (inclusive): above the privileged ports, as the Node CHECK says. */
export const GAME_PORT_MIN = 1024;
export const GAME_PORT_MAX = 65_535;

export interface PortRange {
  start: number;
  end: number;
}

export function isValidPortRange(range: PortRange | undefined | null): range is PortRange {
  return !!range && Number.isInteger(range.start) && Number.isInteger(range.end) && range.start >= GAME_PORT_MIN && range.end >= range.start && range.end <= GAME_PORT_MAX;
}

export function portRangesOverlap(a: PortRange, b: PortRange): boolean {
  return a.start <= b.end && b.start <= a.end;
}

export const portRangeSize = (r: PortRange) => r.end - r.start + 1;

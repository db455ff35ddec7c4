// Traffic figures as people read them: decimal units, as network gear and bills count them.

const UNITS = ["", "k", "M", "G", "T"];

function scaled(value: number): { figure: string; prefix: string } {
  let v = value;
  let i = 0;
  while (Math.abs(v) >= 1000 && i < UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  return { figure: v >= 100 || i === 0 ? v.toFixed(0) : v.toFixed(1), prefix: UNITS[i]! };
}

/** 12_300_000 → "12.3 Mbit/s". */
export function formatBitsPerSecond(bps: number): string {
  const { figure, prefix } = scaled(bps);
  return `${figure} ${prefix}bit/s`;
}

/** 1_234_000_000 → "1.2 GB". */
export function formatBytes(bytes: number): string {
  const { figure, prefix } = scaled(bytes);
  return `${figure} ${prefix}B`;
}

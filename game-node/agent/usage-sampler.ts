// One usage sample per server per interval, shared: the websocket's stats timer and GET both read
// through here, so ten viewers do not walk /proc (and the disk) ten times, and GameProcess.usage()'s
// "CPU since the previous call" window stays the interval rather than shrinking with every caller.
import type { ResourceUsageView } from "../protocol/node-api";

const ZERO: ResourceUsageView = { cpuPercent: 0, memoryBytes: 0, diskBytes: 0, networkRxBytes: null, networkTxBytes: null };

export class UsageSampler {
  private last: { at: number; usage: ResourceUsageView } | null = null;
  private inFlight: Promise<ResourceUsageView> | null = null;

  constructor(
    private readonly source: () => Promise<ResourceUsageView>,
    private readonly maxAgeMs: number,
  ) {}

  /** A new sample, or the one already being taken. A failed sample (the folder just went away) reads as zero. */
  sample(): Promise<ResourceUsageView> {
    this.inFlight ??= this.source()
      .catch(() => ZERO)
      .then((usage) => {
        this.last = { at: Date.now(), usage };
        this.inFlight = null;
        return usage;
      });
    return this.inFlight;
  }

  /** The last sample while it is younger than the interval, else a new one. */
  latest(): Promise<ResourceUsageView> {
    if (this.last && Date.now() - this.last.at < this.maxAgeMs) return Promise.resolve(this.last.usage);
    return this.sample();
  }
}

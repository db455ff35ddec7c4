// What one console reader of bench/game-console-fanout.ts saw of one run: which numbered lines
// arrived (missing, duplicated) and each one's delay from its print stamp to its arrival. Shared by
// the pipe reader and the viewer processes (bench/game-console-viewers.ts).
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from "node:perf_hooks";

const LINE = /run (\d+) line (\d+) t=(\d+\.\d+)/;

/** Wall-clock milliseconds with sub-millisecond precision; comparable across processes on one machine. */
export const now = () => performance.timeOrigin + performance.now();

export class Tally {
  private readonly seen: Uint8Array;
  readonly delays: number[] = [];
  duplicates = 0;
  done = false;

  constructor(
    readonly run: number,
    readonly lines: number,
  ) {
    this.seen = new Uint8Array(lines + 1);
  }

  /** One console line received at `at`: counted when it is one of this run's. */
  line(text: string, at: number): void {
    const match = LINE.exec(text);
    if (match) {
      if (Number(match[1]) !== this.run) return;
      const seq = Number(match[2]);
      if (this.seen[seq]) this.duplicates++;
      this.seen[seq] = 1;
      this.delays.push(at - Number(match[3]));
    } else if (text === `run ${this.run} done`) this.done = true;
  }

  get missing(): number {
    let n = 0;
    for (let seq = 1; seq <= this.lines; seq++) if (!this.seen[seq]) n++;
    return n;
  }
}

/** How busy this thread's event loop was between `start()` and `stop()`. */
export type Loop = { utilization: number; delayP99Ms: number; delayMaxMs: number };

export function loopMeter(): { start(): void; stop(): Loop } {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let from: EventLoopUtilization = performance.eventLoopUtilization();
  return {
    start() {
      delay.reset();
      from = performance.eventLoopUtilization();
    },
    stop() {
      return {
        utilization: performance.eventLoopUtilization(performance.eventLoopUtilization(), from).utilization,
        delayP99Ms: delay.percentile(99) / 1e6,
        delayMaxMs: delay.max / 1e6,
      };
    },
  };
}

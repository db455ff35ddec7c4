// Batches a socket's writes so a busy console costs a few system calls, not one per line per viewer.
// A line fanned out to 50 viewers was one writev per viewer, and on loopback those calls were the
// largest part of the agent's time (docs/performance.md, "Game console fan-out"). The first write after a quiet spell
// corks the socket and is released in the same turn's setImmediate, so a lone line is not delayed;
// while lines keep coming, a socket is released at most every `intervalMs`, or at once when
// `maxHeldBytes` wait (a flood can be megabytes in one turn), so holding never nears the slow-viewer limit.
import type { Writable } from "node:stream";

export interface PacedWritesOptions {
  /** Shortest time between two releases of the socket while writes keep coming. */
  intervalMs: number;
  /** Held bytes at which the next write releases the socket at once, whatever the interval. */
  maxHeldBytes: number;
}

/** Returns `hold()`: call it before each write to `socket`. */
export function pacedWrites(socket: Writable, options: PacedWritesOptions): () => void {
  let corked = false;
  let timer: NodeJS.Timeout | null = null;
  let immediate: NodeJS.Immediate | null = null;
  let releasedAt = -Infinity;
  const release = () => {
    if (timer) clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = null;
    immediate = null;
    corked = false;
    releasedAt = performance.now();
    socket.uncork();
  };
  return () => {
    if (corked) {
      if (socket.writableLength < options.maxHeldBytes) return;
      // Enough held (a flood read in one turn): out now, and hold what follows afresh.
      release();
    }
    corked = true;
    socket.cork();
    const wait = releasedAt + options.intervalMs - performance.now();
    // After a quiet spell: at the end of this turn. Otherwise when the interval is up.
    if (wait <= 0) immediate = setImmediate(release);
    else timer = setTimeout(release, wait);
  };
}

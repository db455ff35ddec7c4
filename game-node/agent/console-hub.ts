// One subscription to a server's process, fanned out to every console viewer of that server
// (docs/game-servers.md#agent). Lines and state changes are forwarded synchronously, as GameProcess
// delivers them; each viewer bounds its own socket buffer (console-socket.ts), so a slow one is cut
// off instead of holding lines here. A frame is serialized once for all viewers. Stats are sampled
// once per interval while anyone watches.
import type { GameProcess } from "../process/game-process";
import type { ConsoleServerEvent } from "../protocol/node-api";
import type { UsageSampler } from "./usage-sampler";

export interface ConsoleViewer {
  /** A frame as `encodeFrame` made it; the same bytes go to every viewer, so they must not be changed. */
  send(data: Buffer): void;
  close(code: number, reason: string): void;
}

/** The bytes of a websocket text frame's payload: JSON `{ event, args }`. */
export function encodeFrame(frame: ConsoleServerEvent): Buffer {
  return Buffer.from(JSON.stringify(frame), "utf8");
}

export class ConsoleHub {
  private readonly viewers = new Set<ConsoleViewer>();
  private unsubscribe: (() => void) | null = null;
  private statsTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly process: GameProcess,
    private readonly sampler: UsageSampler,
    private readonly statsIntervalMs: number,
  ) {}

  get size(): number {
    return this.viewers.size;
  }

  /** Sends the state and the scrollback, then live events; all in one tick, so no line falls between. */
  join(viewer: ConsoleViewer): () => void {
    viewer.send(encodeFrame({ event: "status", args: [this.process.status().state] }));
    this.sendScrollback(viewer);
    this.viewers.add(viewer);
    if (this.viewers.size === 1) this.open();
    return () => this.leave(viewer);
  }

  sendScrollback(viewer: ConsoleViewer): void {
    for (const line of this.process.scrollback()) viewer.send(encodeFrame({ event: "console output", args: [line] }));
  }

  /** Closes every viewer (the server was deleted, or the node is shutting down). */
  closeAll(code: number, reason: string): void {
    for (const viewer of [...this.viewers]) {
      this.leave(viewer);
      viewer.close(code, reason);
    }
  }

  private leave(viewer: ConsoleViewer): void {
    if (!this.viewers.delete(viewer) || this.viewers.size > 0) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.statsTimer = null;
  }

  private open(): void {
    this.unsubscribe = this.process.subscribe((event) => {
      if (event.type === "line") this.broadcast({ event: "console output", args: [event.line] });
      else this.broadcast({ event: "status", args: [event.state] });
    });
    let sampling = false;
    this.statsTimer = setInterval(() => {
      if (sampling) return;
      sampling = true;
      void this.sampler
        .sample()
        .then((usage) => this.broadcast({ event: "stats", args: [{ ...usage, state: this.process.status().state }] }))
        .finally(() => {
          sampling = false;
        });
    }, this.statsIntervalMs);
  }

  private broadcast(frame: ConsoleServerEvent): void {
    const data = encodeFrame(frame);
    for (const viewer of [...this.viewers]) viewer.send(data);
  }
}

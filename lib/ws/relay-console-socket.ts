import { WebSocket, type RawData } from "ws";
import type { ConsoleStream } from "@/lib/console/console-types";
import type { ServedConsole } from "@/lib/console/relay-port";
import { DropAllFilter, ViewOnlyFilter } from "@/lib/console/rfb/view-only-filter";
import { CONSOLE_CLOSE, CONSOLE_CLOSE_REASON, closeReasonText } from "./console-close-codes";
import { formatCount } from "@/lib/format/format-count";

export interface ConsoleRelayLimits {
  /** Above this many bytes queued for the viewer the console stream is paused. */
  highWaterBytes: number;
  /** …and resumed once the queue is back under this. */
  lowWaterBytes: number;
  /** Closed when no byte moved either way for this long. */
  idleMs: number;
  /** A ping this often; a viewer that has not answered the previous one is cut off. */
  pingIntervalMs: number;
  /** How often the session's end, idleness and the domain's closeReason are checked. */
  checkIntervalMs: number;
  /** How long opening the machine's console may take. */
  openTimeoutMs: number;
}

export const DEFAULT_CONSOLE_RELAY_LIMITS: ConsoleRelayLimits = {
  highWaterBytes: 1024 * 1024,
  lowWaterBytes: 256 * 1024,
  idleMs: 30 * 60_000,
  pingIntervalMs: 30_000,
  checkIntervalMs: 2_000,
  openTimeoutMs: 15_000,
};

export interface RelayOptions {
  clock: () => Date;
  limits: ConsoleRelayLimits;
  log: (message: string, error?: unknown) => void;
}

/** setTimeout's largest delay; a later `closesAt` is caught by the periodic check instead. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * Carries one consumed console session over an open websocket (docs/decisions.md#r18): opens the
 * machine's console, moves bytes both ways with backpressure, drops a view-only viewer's input, and
 * closes on the session's limits or the domain's word. Resolves with the reason recorded through
 * `served.closed` (called exactly once).
 */
export function relayConsoleSocket(socket: WebSocket, served: ServedConsole, { clock, limits, log }: RelayOptions): Promise<string> {
  const filter = served.viewOnly ? (served.channel === "rfb" ? new ViewOnlyFilter() : new DropAllFilter()) : null;
  let stream: ConsoleStream | null = null;
  /** Viewer bytes that arrived before the console was open (at most what was read before the pause). */
  const early: Buffer[] = [];
  let finished = false;
  let moved = false;
  let lastActivity = clock().getTime();
  let sourcePaused = false;
  let viewerPaused = false;
  let peerAlive = true;
  let checking = false;
  let settle!: (reason: string) => void;
  const result = new Promise<string>((resolve) => (settle = resolve));
  const timers: NodeJS.Timeout[] = [];

  const finish = (code: number, reason: string, audit: string = reason) => {
    if (finished) return;
    finished = true;
    for (const timer of timers) clearTimeout(timer);
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) {
      // A paused socket would never read the viewer's answering close frame (ws then waits 30 s).
      socket.resume();
      socket.close(code, closeReasonText(reason));
    }
    stream?.destroy();
    served.closed(audit, clock()).catch((error) => log(`console session ${served.sessionId}: recording its end failed`, error));
    settle(audit);
  };

  // Nothing the viewer sends is read until the console is open; the few frames already parsed wait in `early`.
  socket.pause();
  socket.on("error", () => {});
  socket.on("close", (code) => finish(code, "", `viewer disconnected (${code})`));
  socket.on("pong", () => (peerAlive = true));
  socket.on("message", (data) => {
    if (finished) return;
    moved = true;
    let bytes = toBuffer(data);
    if (filter) {
      try {
        bytes = filter.push(bytes);
      } catch (error) {
        return finish(CONSOLE_CLOSE.viewerProtocol, CONSOLE_CLOSE_REASON.viewerProtocol, `viewer protocol error: ${(error as Error).message}`);
      }
      if (bytes.length === 0) return;
    }
    if (!stream) return void early.push(bytes);
    writeToConsole(bytes);
  });

  const writeToConsole = (bytes: Buffer) => {
    // The console is slow to take the viewer's bytes: stop reading the websocket until it drains.
    if (!stream!.write(bytes) && !viewerPaused) {
      viewerPaused = true;
      socket.pause();
      stream!.once("drain", () => {
        viewerPaused = false;
        if (!finished) socket.resume();
      });
    }
  };

  const afterSend = (error?: Error) => {
    if (!error && sourcePaused && socket.bufferedAmount <= limits.lowWaterBytes) resumeSource();
  };
  const resumeSource = () => {
    sourcePaused = false;
    if (!finished) stream?.resume();
  };

  const wire = (opened: ConsoleStream) => {
    stream = opened;
    opened.on("data", (chunk: Buffer) => {
      if (finished) return;
      moved = true;
      socket.send(chunk, { binary: true }, afterSend);
      // A viewer that reads slower than the console writes: hold the console until the queue drains.
      if (!sourcePaused && socket.bufferedAmount > limits.highWaterBytes) {
        sourcePaused = true;
        opened.pause();
      }
    });
    opened.once("end", () => finish(CONSOLE_CLOSE.consoleClosed, CONSOLE_CLOSE_REASON.consoleClosed));
    opened.once("close", () => finish(CONSOLE_CLOSE.consoleClosed, CONSOLE_CLOSE_REASON.consoleClosed));
    opened.on("error", (error) => finish(CONSOLE_CLOSE.consoleClosed, CONSOLE_CLOSE_REASON.consoleClosed, `console error: ${error.message}`));
    for (const bytes of early.splice(0)) writeToConsole(bytes);
    if (!viewerPaused) socket.resume();
  };

  const check = () => {
    if (finished) return;
    const now = clock();
    if (now.getTime() >= served.closesAt.getTime()) return finish(CONSOLE_CLOSE.sessionEnded, CONSOLE_CLOSE_REASON.sessionEnded, "session ended");
    if (moved) {
      moved = false;
      lastActivity = now.getTime();
    } else if (now.getTime() - lastActivity >= limits.idleMs) {
      const minutes = Math.round(limits.idleMs / 60_000);
      return finish(CONSOLE_CLOSE.idle, minutes >= 1 ? `Closed after ${formatCount(minutes, "minute")} without activity.` : "Closed for inactivity.", "idle");
    }
    // Safety net for the send callbacks: never leave the console paused with an empty queue.
    if (sourcePaused && socket.bufferedAmount <= limits.lowWaterBytes) resumeSource();
    if (checking) return;
    checking = true;
    served
      .closeReason(now)
      .then((reason) => {
        if (reason) finish(CONSOLE_CLOSE.closedByService, reason);
      })
      .catch((error) => log(`console session ${served.sessionId}: closeReason failed; checking again`, error))
      .finally(() => (checking = false));
  };

  const ping = () => {
    if (finished) return;
    // While the relay is not reading the viewer (the console is slow), its pongs wait unread: no verdict.
    if (viewerPaused) return void (peerAlive = true);
    if (!peerAlive) {
      socket.terminate();
      return finish(CONSOLE_CLOSE.idle, "", "the viewer stopped answering");
    }
    peerAlive = false;
    socket.ping();
  };

  const untilEnd = served.closesAt.getTime() - clock().getTime();
  if (untilEnd <= 0) {
    finish(CONSOLE_CLOSE.sessionEnded, CONSOLE_CLOSE_REASON.sessionEnded, "session ended");
    return result;
  }
  // The session's end on the dot; the periodic check covers an injected clock and ends beyond MAX_TIMER_MS.
  if (untilEnd <= MAX_TIMER_MS) timers.push(setTimeout(() => finish(CONSOLE_CLOSE.sessionEnded, CONSOLE_CLOSE_REASON.sessionEnded, "session ended"), untilEnd));
  timers.push(setInterval(check, limits.checkIntervalMs));
  timers.push(setInterval(ping, limits.pingIntervalMs));
  const openTimer = setTimeout(
    () => finish(CONSOLE_CLOSE.consoleUnreachable, CONSOLE_CLOSE_REASON.consoleUnreachable, "opening the console timed out"),
    limits.openTimeoutMs,
  );
  timers.push(openTimer);

  served.open().then(
    (opened) => {
      clearTimeout(openTimer);
      if (finished) return void opened.destroy();
      wire(opened);
    },
    (error: unknown) => finish(CONSOLE_CLOSE.noDisplay, CONSOLE_CLOSE_REASON.noDisplay, `no display: ${(error as Error)?.message ?? String(error)}`),
  );
  return result;
}

// A console websocket client for the agent's tests: records every frame and waits for events.
import { WebSocket } from "ws";
import type { ConsoleServerEvent } from "../../protocol/node-api";
import { SERVER_ID, consoleToken, type TestAgent } from "./agent-harness";

export interface ConsoleClient {
  socket: WebSocket;
  frames: ConsoleServerEvent[];
  lines(): string[];
  send(event: string, ...args: unknown[]): void;
  /** The first frame (from the start) matching `predicate`, now or when it arrives. */
  waitFor(predicate: (frame: ConsoleServerEvent) => boolean, what: string, timeoutMs?: number): Promise<ConsoleServerEvent>;
  /** Like waitFor, but only frames after the one the previous `next` matched: for events in order. */
  next(predicate: (frame: ConsoleServerEvent) => boolean, what: string): Promise<ConsoleServerEvent>;
  waitFrom(start: number, predicate: (frame: ConsoleServerEvent) => boolean, what: string, timeoutMs: number): Promise<ConsoleServerEvent>;
  waitForLine(pattern: RegExp): Promise<string>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function connectConsole(node: TestAgent, options: { id?: string; token?: string; origin?: string } = {}): ConsoleClient {
  const id = options.id ?? SERVER_ID;
  const token = options.token ?? consoleToken(id);
  const socket = new WebSocket(`ws://127.0.0.1:${node.port}/api/servers/${id}/ws?token=${encodeURIComponent(token)}`, options.origin ? { origin: options.origin } : {});
  const frames: ConsoleServerEvent[] = [];
  const waiters = new Set<() => void>();
  let cursor = 0;
  socket.on("message", (data) => {
    frames.push(JSON.parse(String(data)) as ConsoleServerEvent);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on("close", (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of [...waiters]) wake();
    });
    socket.on("error", () => {});
  });
  const client: ConsoleClient = {
    socket,
    frames,
    lines: () => frames.flatMap((frame) => (frame.event === "console output" ? [frame.args[0]] : [])),
    send: (event, ...args) => socket.send(JSON.stringify({ event, args })),
    waitFor(predicate, what, timeoutMs = 20_000) {
      return client.waitFrom(0, predicate, what, timeoutMs);
    },
    async next(predicate, what) {
      const frame = await client.waitFrom(cursor, predicate, what, 20_000);
      cursor = frames.indexOf(frame, cursor) + 1;
      return frame;
    },
    waitFrom(start, predicate, what, timeoutMs) {
      return new Promise((resolve, reject) => {
        let from = start;
        const check = () => {
          for (; from < frames.length; from++) {
            if (predicate(frames[from])) {
              finish();
              return resolve(frames[from]);
            }
          }
          if (socket.readyState === WebSocket.CLOSED) {
            finish();
            reject(new Error(`socket closed before ${what}; frames: ${JSON.stringify(frames.slice(-10))}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no ${what} within ${timeoutMs} ms; frames: ${JSON.stringify(frames.slice(-10))}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async waitForLine(pattern) {
      const frame = await client.waitFor((f) => f.event === "console output" && pattern.test(f.args[0]), `a line matching ${pattern}`);
      return frame.args[0] as string;
    },
    closed,
    close: () => socket.close(),
  };
  return client;
}

/** Connects and waits for `auth success`. */
export async function openConsole(node: TestAgent, options: { id?: string; token?: string; origin?: string } = {}): Promise<ConsoleClient> {
  const client = connectConsole(node, options);
  await client.waitFor((frame) => frame.event === "auth success", "auth success");
  return client;
}

// Shared by the template tests: waiting for console lines and finding a free port.
import net from "node:net";
import type { GameProcess } from "../process/game-process";

/** Resolves with the first console line (scrollback or live) matching `pattern`. */
export function waitForLine(gp: GameProcess, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  const seen = gp.scrollback().find((line) => pattern.test(line));
  if (seen !== undefined) return Promise.resolve(seen);
  return nextLine(gp, pattern, timeoutMs);
}

/** Resolves with the next live console line matching `pattern`; call it before the action that prints it. */
export function nextLine(gp: GameProcess, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; console: ${gp.scrollback().slice(-15).join(" | ")}`));
    }, timeoutMs);
    const off = gp.subscribe((event) => {
      if (event.type === "line" && pattern.test(event.line)) {
        clearTimeout(timer);
        off();
        resolve(event.line);
      }
    });
  });
}

/** A port nothing listens on right now (the kernel's pick, released before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

import { GuestConsole, type GuestConsoleOptions } from "./guest-console";
import type { GuestScene } from "./guest-scene";

// One console per machine in the process, so every viewer (the customer, a view-only cast) sees the
// same screen and the same shell. On globalThis: the custom server and the Next bundle are two module
// graphs in one process (docs/architecture.md, "One process, two module graphs").
const KEY = "__rackfrontGuestConsoles";

function registry(): Map<string, GuestConsole> {
  const g = globalThis as typeof globalThis & { [KEY]?: Map<string, GuestConsole> };
  return (g[KEY] ??= new Map());
}

/** The machine's console while someone is attached to it. */
export function guestConsoleOf(machineId: string): GuestConsole | undefined {
  return registry().get(machineId);
}

/**
 * The machine's console, made from `initial` when nobody is attached yet. Call attach() on it at once
 * (synchronously): a console nobody attaches to is never polled and is replaced by the next open.
 */
export function acquireGuestConsole(machineId: string, initial: GuestScene, options: Omit<GuestConsoleOptions, "onIdle">): GuestConsole {
  const consoles = registry();
  const existing = consoles.get(machineId);
  if (existing) return existing;
  const created: GuestConsole = new GuestConsole(initial, {
    ...options,
    onIdle: () => {
      if (consoles.get(machineId) === created) consoles.delete(machineId);
    },
  });
  if (!created.hasEnded) consoles.set(machineId, created);
  return created;
}

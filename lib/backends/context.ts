import type { Db } from "@/lib/db/client";
import { systemClock, type Clock } from "./clock";
import type { GuestConsoleSettings } from "./simulated-console/open-simulated-console";
import type { SimulatorTiming } from "./simulation/durations";
import type { ImageFetcher } from "./simulation/fetch-image-file";

/** What every backend call runs against: the database that holds driver state, and the time. */
export interface BackendContext {
  db: Db;
  clock: Clock;
  /** Simulator timing for this process (tests, demos); wins over a node's `config`. */
  simulator?: SimulatorTiming;
  /** How a simulated node downloads a URL image (tests serve one locally); the guarded https fetcher by default. */
  imageFetcher?: ImageFetcher;
  /** The simulated guests' console: how often it re-reads the machine; tests may record the RFB side instead of serving it. */
  guestConsole?: GuestConsoleSettings;
}

/** `db` comes from the caller (an entry point reads the process database); the clock defaults to the system's. */
export function backendContext(overrides: Partial<BackendContext> & { db: Db }): BackendContext {
  return { db: overrides.db, clock: overrides.clock ?? systemClock, simulator: overrides.simulator, imageFetcher: overrides.imageFetcher, guestConsole: overrides.guestConsole };
}

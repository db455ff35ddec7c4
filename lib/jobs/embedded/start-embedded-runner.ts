import type { PrismaClient } from "@/lib/generated/prisma/client";
import { inngest } from "../client";
import { functions } from "../functions";
import { isInngestExternal } from "../is-inngest-external";
import { EmbeddedRunner } from "./embedded-runner";
import type { RunnerLogger } from "./runner-logger";

export interface StartedJobRunner {
  /** Stops polling, waits for in-flight steps, and detaches the runner from `inngest.send()`. */
  stop(): Promise<void>;
}

/**
 * Starts the background-function runner for this process when no Inngest server is configured; with
 * Inngest (INNGEST_* set) it does nothing, because Inngest calls /api/inngest instead. Throws at
 * start-up if a function uses a feature the embedded runner does not implement.
 */
export async function startEmbeddedRunner(options: { db: PrismaClient; logger?: RunnerLogger }): Promise<StartedJobRunner> {
  if (isInngestExternal()) return { stop: async () => {} };
  const runner = new EmbeddedRunner({ db: options.db, functions, client: inngest, clock: () => new Date(), logger: options.logger });
  runner.install();
  try {
    await runner.start();
  } catch (err) {
    runner.uninstall();
    throw err;
  }
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= runner.stop().finally(() => runner.uninstall());
      return stopped;
    },
  };
}

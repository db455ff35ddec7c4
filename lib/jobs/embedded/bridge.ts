import { AsyncLocalStorage } from "node:async_hooks";

/** What the embedded client's fetch needs from a runner; structural, because the runner may come from another module graph. */
export interface EmbeddedTarget {
  /** Persists events (and the runs they trigger) and resolves with their ids once committed. */
  acceptEvents(payload: unknown): Promise<string[]>;
  /** Receives the function configs the SDK posts when its serve handler is PUT. */
  acceptRegistration(payload: unknown): void;
}

interface JobsBridge {
  /** The runner that app code's `inngest.send()` reaches. */
  installed: EmbeddedTarget | undefined;
  /** Set while a runner drives the SDK handler, so sends made from inside a run reach that runner. */
  scope: AsyncLocalStorage<EmbeddedTarget>;
}

// server.ts (tsx) and the Next.js bundle load this file as two different modules in one process;
// both must see the same runner, so the state lives on globalThis.
const slot = globalThis as unknown as { __rackfrontJobs?: JobsBridge };

export function jobsBridge(): JobsBridge {
  slot.__rackfrontJobs ??= { installed: undefined, scope: new AsyncLocalStorage<EmbeddedTarget>() };
  return slot.__rackfrontJobs;
}

/** The runner a call made now should reach: the one driving the current run, else the installed one. */
export function currentEmbeddedTarget(): EmbeddedTarget | undefined {
  const bridge = jobsBridge();
  return bridge.scope.getStore() ?? bridge.installed;
}

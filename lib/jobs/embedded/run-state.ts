/** A memoized step result as the SDK reads it back: `{data}` or `{error}`. */
export type StepResult = { data: unknown } | { error: unknown };

/**
 * Work a run is waiting on, kept in JobRun.pending. Times are ISO strings.
 * - discover: call the function (stepId=step) to learn what it does next; `at` delays function-level retries.
 * - step: run one planned or failed step (stepId=<hashed id>) at `at`.
 * - sleep: memoize `{data:null}` at `until`.
 * - wait: memoize the first `event` received since `since` that satisfies `if`, or `{data:null}` at `until`.
 * - invoke: memoize the child run's output or error; an error at `until` when it has a timeout.
 */
export type PendingItem =
  | { kind: "discover"; at?: string }
  | { kind: "step"; id: string; at: string }
  | { kind: "sleep"; id: string; until: string }
  | { kind: "wait"; id: string; event: string; if: string | null; since: string; until: string }
  | { kind: "invoke"; id: string; childRunId: string; until: string | null };

/** The part of a JobRun the driver changes while it works on it. */
export interface RunState {
  steps: Record<string, StepResult>;
  stack: string[];
  stepAttempts: Record<string, number>;
  pending: PendingItem[];
  attempt: number;
}

export function dueAt(item: PendingItem): string | null {
  switch (item.kind) {
    case "discover":
      return item.at ?? null;
    case "step":
      return item.at;
    case "sleep":
    case "wait":
      return item.until;
    case "invoke":
      return item.until;
  }
}

export function isPendingFor(state: RunState, id: string): boolean {
  return state.pending.some((p) => p.kind !== "discover" && p.id === id);
}

/** Records a step's result once, in completion order, and asks for a discovery call to follow it. */
export function memoize(state: RunState, id: string, result: StepResult): void {
  if (id in state.steps) return;
  state.steps[id] = result;
  state.stack.push(id);
  state.pending = state.pending.filter((p) => p.kind === "discover" || p.id !== id);
  requestDiscovery(state);
  // Progress was made, so function-level attempts count afresh, as each new Inngest queue item does.
  state.attempt = 0;
}

export function requestDiscovery(state: RunState, at?: Date): void {
  state.pending = state.pending.filter((p) => p.kind !== "discover");
  state.pending.push(at ? { kind: "discover", at: at.toISOString() } : { kind: "discover" });
}

/**
 * Simulator timing. Each operation is a list of steps with durations; `queue` is the time a job waits
 * before its first step. A node's `config` may override them (`{durationsMs: {"create.imaging": 5000},
 * timeScale: 0.1}`) and so may the process (BackendContext.simulator, for tests), in that order.
 */
export interface SimulatorTiming {
  /** Keys are `queue` or `<operation>.<step>`; values in milliseconds. */
  durationsMs?: Record<string, number>;
  /** Multiplies every duration: 0 makes every job finish on its first poll. */
  timeScale?: number;
}

export type StepPlan = readonly (readonly [step: string, ms: number])[];

export interface ResolvedTiming {
  queueMs: number;
  steps(operation: string, plan: StepPlan): { name: string; ms: number }[];
}

function readTiming(value: unknown): SimulatorTiming {
  if (!value || typeof value !== "object") return {};
  const v = value as Record<string, unknown>;
  const durations: Record<string, number> = {};
  if (v.durationsMs && typeof v.durationsMs === "object") {
    for (const [key, ms] of Object.entries(v.durationsMs as Record<string, unknown>)) {
      if (typeof ms === "number" && Number.isFinite(ms) && ms >= 0) durations[key] = ms;
    }
  }
  const timeScale = typeof v.timeScale === "number" && Number.isFinite(v.timeScale) && v.timeScale >= 0 ? v.timeScale : undefined;
  return { durationsMs: durations, timeScale };
}

export function resolveTiming(defaultQueueMs: number, nodeConfig: unknown, processTiming: SimulatorTiming | undefined): ResolvedTiming {
  const node = readTiming(nodeConfig);
  const proc = readTiming(processTiming);
  const scale = proc.timeScale ?? node.timeScale ?? 1;
  const lookup = (key: string, fallback: number) => Math.round((proc.durationsMs?.[key] ?? node.durationsMs?.[key] ?? fallback) * scale);
  return {
    queueMs: lookup("queue", defaultQueueMs),
    steps: (operation, plan) => plan.map(([name, ms]) => ({ name, ms: lookup(`${operation}.${name}`, ms) })),
  };
}

import { Cron } from "croner";
import { celMatches, compileCel, type CelProgram } from "./compile-cel";
import type { JobEventPayload } from "./job-event";

/** Inngest's documented default: four retries after the first attempt. */
const DEFAULT_RETRIES = 4;

export interface EventTrigger {
  event: string;
  condition: CelProgram | null;
}

export interface CronTrigger {
  /** As written in the function, `TZ=` prefix included: part of the JobCronTick key. */
  expression: string;
  schedule: Cron;
}

/** A function config as the SDK synced it, checked and compiled for the runner. */
export interface RegisteredFunction {
  id: string;
  maxAttempts: number;
  eventTriggers: EventTrigger[];
  cronTriggers: CronTrigger[];
  idempotency: CelProgram | null;
}

// Config keys the runner honours. Anything else the SDK syncs (concurrency, throttle, rateLimit,
// debounce, batchEvents, priority, timeouts, singleton, cancel, and whatever a later SDK adds) is
// refused, so a function never silently behaves differently here than on an Inngest server.
const SUPPORTED_KEYS = new Set(["id", "name", "triggers", "steps", "idempotency"]);

// Synced config keys that differ from the option a developer writes.
const OPTION_NAMES: Record<string, string> = { cancel: "cancelOn" };

// Events the SDK uses for features this runner does not implement (createDefer).
const UNSUPPORTED_TRIGGER_EVENTS = new Set(["inngest/deferred.schedule"]);

interface SyncedConfig {
  id?: unknown;
  triggers?: unknown;
  steps?: { step?: { retries?: { attempts?: unknown } } };
  idempotency?: unknown;
  [key: string]: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function eventNameMatches(pattern: string, name: string): boolean {
  return pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}

export function triggersOn(fn: RegisteredFunction, event: JobEventPayload): boolean {
  return fn.eventTriggers.some(
    (t) => eventNameMatches(t.event, event.name) && (!t.condition || celMatches(t.condition, { event })),
  );
}

function parseCron(raw: string, where: string): Cron {
  const match = /^TZ=(\S+)\s+(.+)$/.exec(raw.trim());
  const [timezone, pattern] = match ? [match[1], match[2]] : [undefined, raw.trim()];
  try {
    const schedule = new Cron(pattern, { timezone, mode: "5-part", paused: true });
    // Croner checks the zone lazily; ask for one date so a bad zone fails at start-up.
    schedule.nextRun(new Date(0));
    return schedule;
  } catch (err) {
    throw new Error(`${where}: cron ${JSON.stringify(raw)} is not a valid minute-resolution schedule (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** Validates one synced config; throws a clear error for anything the runner cannot honour. */
export function toRegisteredFunction(raw: unknown): RegisteredFunction {
  if (!isRecord(raw) || typeof raw.id !== "string") throw new Error("Embedded job runner: a synced function has no id");
  const config = raw as SyncedConfig;
  const id = raw.id;
  const where = `Function "${id}"`;

  const unsupported = Object.keys(config)
    .filter((key) => !SUPPORTED_KEYS.has(key) && config[key] != null)
    .map((key) => OPTION_NAMES[key] ?? key);
  if (unsupported.length) {
    throw new Error(
      `${where} uses ${unsupported.join(", ")}, which the embedded job runner does not implement. ` +
        "Remove it, or run with an Inngest server (set INNGEST_EVENT_KEY/INNGEST_SIGNING_KEY or INNGEST_DEV); see docs/background-jobs.md.",
    );
  }

  const eventTriggers: EventTrigger[] = [];
  const cronTriggers: CronTrigger[] = [];
  for (const trigger of Array.isArray(config.triggers) ? config.triggers : []) {
    if (!isRecord(trigger)) throw new Error(`${where}: unreadable trigger`);
    if (typeof trigger.cron === "string") {
      if (trigger.jitter != null) throw new Error(`${where}: cron jitter is not supported by the embedded job runner`);
      cronTriggers.push({ expression: trigger.cron, schedule: parseCron(trigger.cron, where) });
    } else if (typeof trigger.event === "string") {
      if (UNSUPPORTED_TRIGGER_EVENTS.has(trigger.event)) {
        throw new Error(`${where}: deferred functions (createDefer) are not supported by the embedded job runner`);
      }
      const expression = typeof trigger.expression === "string" && trigger.expression.trim() ? trigger.expression : null;
      eventTriggers.push({
        event: trigger.event,
        condition: expression ? compileCel(expression, `${where}, trigger "${trigger.event}"`) : null,
      });
    } else {
      throw new Error(`${where}: unsupported trigger ${JSON.stringify(trigger)}`);
    }
  }

  const attempts = config.steps?.step?.retries?.attempts;
  const retries = typeof attempts === "number" ? attempts : DEFAULT_RETRIES;
  const idempotency =
    typeof config.idempotency === "string" ? compileCel(config.idempotency, `${where}, idempotency key`) : null;

  return { id, maxAttempts: retries + 1, eventTriggers, cronTriggers, idempotency };
}

/** The idempotency key of a run of `fn` for `event`, or null when it has none or it cannot be computed. */
export function idempotencyKeyFor(fn: RegisteredFunction, event: JobEventPayload): string | null {
  if (!fn.idempotency) return null;
  let value: unknown;
  try {
    value = fn.idempotency({ event });
  } catch {
    return null;
  }
  if (value == null) return null;
  return `${fn.id}:${typeof value === "string" ? value : JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))}`;
}

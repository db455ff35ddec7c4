import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Inngest, InngestFunction } from "inngest";
import { serve } from "inngest/edge";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { EMBEDDED_BASE_URL } from "../create-inngest-client";
import { jobsBridge, type EmbeddedTarget } from "./bridge";
import { claimNextRun } from "./run-lease";
import { defaultBackoff } from "./default-backoff";
import { driveRun, type DriveContext, type FunctionCall, type FunctionResponse } from "./drive-run";
import { fireDueCrons, type CronCursors } from "./fire-due-crons";
import { ingestEvents, parseIncomingEvents, type IncomingEvent } from "./ingest-events";
import { toRegisteredFunction, type RegisteredFunction } from "./registered-function";
import type { RunnerLogger } from "./runner-logger";

export interface EmbeddedRunnerOptions {
  db: PrismaClient;
  /** The same function objects an Inngest server would be served. */
  functions: readonly InngestFunction.Any[];
  /** An embedded-mode client (see createInngestClient). */
  client: Inngest.Any;
  clock: () => Date;
  /** Delay in ms before retry number `attempt` (1-based); Inngest's table by default. */
  backoff?: (attempt: number) => number;
  pollIntervalMs?: number;
  /** Names this runner in leases; unique per process by default. */
  workerId?: string;
  /** How long a claimed run stays ours without renewal; a crashed runner's runs are resumed after it. */
  leaseMs?: number;
  /** Runs driven at once. */
  workers?: number;
  logger?: RunnerLogger;
}

// Only the path and query matter to the SDK; the host header is required by its URL handling.
const SERVE_URL = "http://rackfront.embedded/api/inngest";
const SERVE_HOST = "rackfront.embedded";

/**
 * Runs Inngest functions in this process, with no Inngest server: it drives the SDK's own serve
 * handler over Inngest's call protocol and keeps events, runs, step results, waits and cron ticks in
 * the database, so runs survive restarts and several runners can share one database.
 */
export class EmbeddedRunner {
  private readonly db: PrismaClient;
  private readonly clock: () => Date;
  private readonly backoff: (attempt: number) => number;
  private readonly pollIntervalMs: number;
  private readonly workerId: string;
  private readonly leaseMs: number;
  private readonly workers: number;
  private readonly log: RunnerLogger;
  private readonly handler: (req: Request) => Promise<Response>;
  private readonly target: EmbeddedTarget;
  private readonly cronCursors: CronCursors = new Map();

  private registered: RegisteredFunction[] = [];
  private byId = new Map<string, RegisteredFunction>();
  private registration: Promise<void> | null = null;
  private synced: unknown[] | undefined;

  private stopping = false;
  private loop: Promise<void> | null = null;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;
  private wake: (() => void) | null = null;

  constructor(options: EmbeddedRunnerOptions) {
    if (options.client.apiBaseUrl.replace(/\/$/, "") !== EMBEDDED_BASE_URL) {
      throw new Error("EmbeddedRunner needs an embedded-mode Inngest client (see createInngestClient); this one talks to an Inngest server.");
    }
    this.db = options.db;
    this.clock = options.clock;
    this.backoff = options.backoff ?? defaultBackoff;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.workers = Math.max(1, options.workers ?? 4);
    this.log = options.logger ?? console;
    this.handler = serve({ client: options.client, functions: options.functions });
    this.target = {
      acceptEvents: async (payload) => (await this.ingest(payload)).ids,
      acceptRegistration: (payload) => {
        const functions = typeof payload === "object" && payload !== null ? (payload as { functions?: unknown }).functions : undefined;
        this.synced = Array.isArray(functions) ? functions : [];
      },
    };
  }

  /** Makes this the runner that `inngest.send()` reaches in this process. */
  install(): void {
    const bridge = jobsBridge();
    if (bridge.installed && bridge.installed !== this.target) throw new Error("Another embedded job runner is already installed in this process");
    bridge.installed = this.target;
  }

  uninstall(): void {
    const bridge = jobsBridge();
    if (bridge.installed === this.target) bridge.installed = undefined;
  }

  /** Syncs the functions through the SDK (as a PUT to its handler) and checks that the runner can honour them. */
  register(): Promise<void> {
    this.registration ??= this.syncFunctions().catch((err: unknown) => {
      this.registration = null;
      throw err;
    });
    return this.registration;
  }

  private async syncFunctions(): Promise<void> {
    this.synced = undefined;
    const res = await jobsBridge().scope.run(this.target, () =>
      this.handler(new Request(SERVE_URL, { method: "PUT", headers: { host: SERVE_HOST } })),
    );
    if (!this.synced) {
      throw new Error(`Embedded job runner: the functions did not sync (serve handler answered ${res.status}: ${await res.text()})`);
    }
    const registered = (this.synced as unknown[]).map(toRegisteredFunction);
    const byId = new Map<string, RegisteredFunction>();
    for (const fn of registered) {
      if (byId.has(fn.id)) throw new Error(`Embedded job runner: two functions have the id "${fn.id}"`);
      byId.set(fn.id, fn);
    }
    this.registered = registered;
    this.byId = byId;
  }

  /** Registers, then works on due runs and schedules every `pollIntervalMs` until stop(). */
  async start(): Promise<void> {
    if (this.loop) return;
    await this.register();
    this.stopping = false;
    this.loop = this.poll();
  }

  /** Stops polling, lets in-flight runs finish their current step and hands them back, then resolves. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await this.ticking;
    this.loop = null;
  }

  private async poll(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.tick();
      } catch (err) {
        this.log.error("[jobs] embedded runner tick failed", err);
      }
      if (this.stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollIntervalMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Fires due cron schedules, then runs everything that is due. Concurrent calls share one pass. */
  tick(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      try {
        do {
          this.tickAgain = false;
          await this.fireDueCrons();
          await this.runDue();
        } while (this.tickAgain && !this.stopping);
      } finally {
        this.ticking = null;
      }
    })();
    return this.ticking;
  }

  /** Starts the runs of cron schedules that are due by the clock. Returns how many started. */
  async fireDueCrons(): Promise<number> {
    await this.register();
    return fireDueCrons(this.db, this.registered, this.cronCursors, this.clock());
  }

  /** Claims and drives due runs until none is left. Returns how many times a run was taken up. */
  async runDue(): Promise<number> {
    await this.register();
    let taken = 0;
    const context = this.driveContext();
    const worker = async () => {
      while (!this.stopping) {
        const token = `${this.workerId}:${randomUUID()}`;
        const runId = await claimNextRun(this.db, token, this.clock(), this.leaseMs);
        if (!runId) return;
        taken++;
        try {
          await driveRun(context, runId, token);
        } catch (err) {
          // The run stays leased and is picked up again once the lease runs out.
          this.log.error(`[jobs] driving run ${runId} failed`, err);
        }
      }
    };
    // Settle every worker before reporting a failure, so no worker outlives this call.
    const results = await Promise.allSettled(Array.from({ length: this.workers }, worker));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failure) throw failure.reason;
    return taken;
  }

  /** Stores events, and the runs they trigger, before resolving: the same contract as `inngest.send()`. */
  send(events: IncomingEvent | readonly IncomingEvent[]): Promise<{ ids: string[] }> {
    return this.ingest(events);
  }

  private async ingest(payload: unknown): Promise<{ ids: string[] }> {
    const events = parseIncomingEvents(payload);
    await this.register();
    const { ids } = await this.db.$transaction((tx) => ingestEvents(tx, this.registered, events, this.clock()), {
      maxWait: 30_000,
      timeout: 30_000,
    });
    // The poll loop, if running, should not wait out its interval for new work.
    this.wake?.();
    return { ids };
  }

  private driveContext(): DriveContext {
    return {
      db: this.db,
      clock: this.clock,
      backoff: this.backoff,
      leaseMs: this.leaseMs,
      functions: this.byId,
      call: (request) => this.callFunction(request),
      stopping: () => this.stopping,
      log: this.log,
    };
  }

  /** One request of Inngest's call protocol (SDK_SPEC §4.4) to the SDK's handler, in-process. */
  private async callFunction(call: FunctionCall): Promise<FunctionResponse> {
    const url = new URL(SERVE_URL);
    url.searchParams.set("fnId", call.functionId);
    url.searchParams.set("stepId", call.stepId);
    const body = {
      version: 2,
      event: call.event,
      events: [call.event],
      steps: call.state.steps,
      ctx: {
        run_id: call.runId,
        attempt: call.attempt,
        max_attempts: call.maxAttempts,
        disable_immediate_execution: call.disableImmediateExecution,
        use_api: false,
        stack: { stack: call.state.stack, current: call.state.stack.length },
      },
    };
    try {
      const res = await jobsBridge().scope.run(this.target, () =>
        this.handler(
          new Request(url, {
            method: "POST",
            headers: { host: SERVE_HOST, "content-type": "application/json" },
            body: JSON.stringify(body),
          }),
        ),
      );
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: keep the text as the error body.
      }
      return { status: res.status, headers: res.headers, body: parsed };
    } catch (err) {
      return {
        status: 500,
        headers: new Headers(),
        body: { name: err instanceof Error ? err.name : "Error", message: err instanceof Error ? err.message : String(err) },
      };
    }
  }
}

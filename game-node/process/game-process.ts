// One game server as one real child process (docs/game-servers.md#process-supervisor): power verbs
// through the pure table in power-states.ts, console lines into a bounded ring, a memory watchdog,
// and resource usage from /proc. Nothing here throws at a caller for a verb that does not fit the
// state: it answers a typed refusal, so one server's mistake never takes the node down.
import { spawn, type ChildProcess } from "node:child_process";
import { CONSOLE_SCROLLBACK_LINES, LineRing, LineSplitter, MAX_LINE_BYTES } from "./line-ring";
import { acceptsCommands, decidePower, onProcessEvent, refusal, type PowerRefusal, type PowerResult, type PowerState } from "./power-states";
import { cpuPercentBetween, directorySize, sampleProcessTree, type ResourceUsage } from "./process-usage";

export type StartupDefinition = {
  command: string;
  args: string[];
  /** The child's whole environment besides PATH and HOME: the node's own environment is never passed on. */
  env: Record<string, string>;
  /** Written to stdin (with a newline) on stop; null sends SIGTERM straight away. */
  stopCommand: string | null;
  /** A console line matching it moves starting -> running; null means running as soon as spawned. */
  readyPattern: RegExp | null;
  memoryLimitMb: number;
  /** Wait after the stop command before SIGTERM, and again after SIGTERM before SIGKILL. */
  stopGraceMs: number;
};

export type ExitReason = "stopped" | "killed" | "crashed" | "out of memory" | "spawn failed";

export type LastExit = {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: string;
  /** The process went away without being asked (including out of memory). */
  crashed: boolean;
  reason: ExitReason;
  outOfMemory: boolean;
  /** The last console lines before the exit, oldest first. */
  lastLines: string[];
  /** Why spawning failed (for example "spawn /x ENOENT"), when it did. */
  error?: string;
};

export type GameProcessStatus = {
  state: PowerState;
  pid: number | null;
  startedAt: string | null;
  outOfMemory: boolean;
  lastExit: LastExit | null;
};

export type GameProcessEvent =
  | { type: "line"; line: string }
  | { type: "state"; state: PowerState; previous: PowerState; lastExit: LastExit | null };

/** Called synchronously for each event; must not block (see subscribe). */
export type GameProcessListener = (event: GameProcessEvent) => void;

export type CommandResult = { ok: true } | PowerRefusal | { ok: false; reason: "input_full"; message: string };

/**
 * Bytes of console input the node holds for a server that is not reading its stdin. Above it commands
 * are refused, so a flood of commands to a stuck server cannot grow the node's memory.
 */
export const MAX_PENDING_INPUT_BYTES = 64 * 1024;

export type GameProcessOptions = {
  serverDir: string;
  startup: StartupDefinition;
  /** How often the memory watchdog samples RSS. */
  watchdogIntervalMs?: number;
  scrollbackLines?: number;
  /** How long usage() reuses the last disk walk. */
  diskCacheMs?: number;
};

export const LAST_EXIT_LINES = 20;
/** How long to wait for stdout/stderr to close after the process has exited. */
const STREAM_DRAIN_MS = 2000;
const DAEMON_PREFIX = "[Rackfront Daemon]";

export class GameProcess {
  readonly serverDir: string;
  private startup: StartupDefinition;
  private readonly watchdogIntervalMs: number;
  private readonly ring: LineRing;
  private readonly listeners = new Set<GameProcessListener>();

  private state: PowerState = "offline";
  private child: ChildProcess | null = null;
  private generation = 0;
  private startedAt: Date | null = null;
  private lastExit: LastExit | null = null;
  private outOfMemory = false;
  private stopReason: "stopped" | "killed" | null = null;
  private restartPending = false;
  private spawnError: string | null = null;
  private timers: NodeJS.Timeout[] = [];
  private watchdog: NodeJS.Timeout | null = null;
  private cpuSample: { ticks: number; at: number } | null = null;
  private readonly diskCacheMs: number;
  private disk: { bytes: number; at: number } | null = null;

  constructor(options: GameProcessOptions) {
    this.serverDir = options.serverDir;
    this.startup = options.startup;
    this.watchdogIntervalMs = options.watchdogIntervalMs ?? 1000;
    this.diskCacheMs = options.diskCacheMs ?? 5000;
    this.ring = new LineRing(options.scrollbackLines ?? CONSOLE_SCROLLBACK_LINES);
  }

  /** Takes effect on the next start (changed variables apply on next start, not to the running process). */
  setStartup(startup: StartupDefinition): void {
    this.startup = startup;
  }

  status(): GameProcessStatus {
    return {
      state: this.state,
      pid: this.child?.pid ?? null,
      startedAt: this.startedAt?.toISOString() ?? null,
      outOfMemory: this.outOfMemory,
      lastExit: this.lastExit,
    };
  }

  /** The console scrollback, oldest first (at most 500 lines). */
  scrollback(): string[] {
    return this.ring.lines();
  }

  /**
   * Listen to console lines and state changes. Listeners run synchronously in the output handler and
   * nothing is queued per listener, so a slow consumer cannot make this process buffer grow: a
   * listener that forwards somewhere slow (a websocket) keeps its own bounded queue and drops or
   * disconnects when it is full. A listener that throws is ignored, never the process.
   */
  subscribe(listener: GameProcessListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): PowerResult {
    const decision = decidePower(this.state, "start");
    if (decision.ok) this.spawnChild();
    return decision;
  }

  stop(): PowerResult {
    const decision = decidePower(this.state, "stop");
    if (!decision.ok || decision.from === "stopping") return decision;
    this.restartPending = false;
    this.beginStop();
    return decision;
  }

  restart(): PowerResult {
    const decision = decidePower(this.state, "restart");
    if (!decision.ok) return decision;
    if (decision.from === "offline") {
      this.spawnChild();
      return decision;
    }
    this.restartPending = true;
    if (decision.from !== "stopping") this.beginStop();
    return decision;
  }

  kill(): PowerResult {
    const decision = decidePower(this.state, "kill");
    if (!decision.ok) return decision;
    this.restartPending = false;
    if (!this.outOfMemory) this.stopReason = "killed";
    this.clearTimers();
    this.setState("stopping");
    this.signal("SIGKILL");
    return decision;
  }

  /**
   * A line from the node itself (install output, notices) into the scrollback and to listeners,
   * marked with the daemon prefix so viewers can tell it from the game's own output. Cut to 4 KiB
   * like the game's lines.
   */
  daemonLine(text: string): void {
    const line = `${DAEMON_PREFIX} ${text.replace(/[\r\n]+/g, " ")}`;
    this.pushLine(line.length > MAX_LINE_BYTES ? line.slice(0, MAX_LINE_BYTES) : line);
  }

  /** Writes `text` and a newline to the server's stdin (its console). */
  sendCommand(text: string): CommandResult {
    if (!acceptsCommands(this.state)) return refusal(this.state === "stopping" ? "is_stopping" : "not_running");
    const stdin = this.child?.stdin;
    if (!stdin || !stdin.writable) return refusal("not_running");
    if (stdin.writableLength > MAX_PENDING_INPUT_BYTES) {
      return { ok: false, reason: "input_full", message: "The server is not reading its console input; try again later." };
    }
    stdin.write(text + "\n");
    return { ok: true };
  }

  /**
   * CPU since the previous call (since start on the first), RSS of the process and the children the
   * kernel lists, and the apparent size of the server directory.
   */
  async usage(): Promise<ResourceUsage> {
    const diskBytes = await this.diskBytes();
    const pid = this.child?.pid;
    const sample = pid !== undefined && this.state !== "offline" ? await sampleProcessTree(pid) : null;
    if (!sample) return { cpuPercent: 0, memoryBytes: 0, diskBytes, networkRxBytes: null, networkTxBytes: null };
    const now = Date.now();
    const previous = this.cpuSample ?? { ticks: 0, at: this.startedAt?.getTime() ?? now };
    const cpuPercent = cpuPercentBetween(previous.ticks, previous.at, sample.cpuTicks, now);
    this.cpuSample = { ticks: sample.cpuTicks, at: now };
    return { cpuPercent, memoryBytes: sample.rssBytes, diskBytes, networkRxBytes: null, networkTxBytes: null };
  }

  /** The directory walk is the expensive part of usage(): it is reused for diskCacheMs. */
  private async diskBytes(): Promise<number> {
    const now = Date.now();
    if (this.disk && now - this.disk.at < this.diskCacheMs) return this.disk.bytes;
    const bytes = await directorySize(this.serverDir);
    this.disk = { bytes, at: now };
    return bytes;
  }

  /** Resolves when the state is `state` (now or later); rejects after timeoutMs. */
  waitFor(state: PowerState, timeoutMs = 30_000): Promise<void> {
    if (this.state === state) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`game process did not reach "${state}" within ${timeoutMs} ms (state: ${this.state})`));
      }, timeoutMs);
      const unsubscribe = this.subscribe((event) => {
        if (event.type === "state" && event.state === state) {
          clearTimeout(timer);
          unsubscribe();
          resolve();
        }
      });
    });
  }

  /** Kills the process if it runs and waits until it is gone; for node shutdown and tests. */
  async destroy(timeoutMs = 10_000): Promise<void> {
    this.restartPending = false;
    if (this.state !== "offline") {
      const offline = this.waitFor("offline", timeoutMs);
      this.kill();
      await offline;
    }
    this.listeners.clear();
  }

  private spawnChild(): void {
    const generation = ++this.generation;
    const startup = this.startup;
    this.outOfMemory = false;
    this.stopReason = null;
    this.spawnError = null;
    this.cpuSample = null;
    this.startedAt = new Date();
    this.setState("starting");

    // Only PATH and HOME from outside: the node's own environment (tokens, database URLs) stays out.
    const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", HOME: this.serverDir, ...startup.env };
    let child: ChildProcess;
    try {
      child = spawn(startup.command, startup.args, {
        cwd: this.serverDir,
        // Cast: Next's typings declare NODE_ENV required on every environment.
        env: env as NodeJS.ProcessEnv,
        stdio: "pipe",
        // Its own process group, so stop signals and the final SIGKILL reach what the server spawned too.
        detached: true,
      });
    } catch (error) {
      this.spawnError = error instanceof Error ? error.message : String(error);
      this.finishExit(generation, null, null);
      return;
    }
    this.child = child;
    const ready = startup.readyPattern ? new RegExp(startup.readyPattern.source, startup.readyPattern.flags.replace(/[gy]/g, "")) : null;
    const splitters = [new LineSplitter(), new LineSplitter()];
    const onLine = (line: string) => {
      if (generation !== this.generation) return;
      this.pushLine(line);
      if (ready && this.state === "starting" && ready.test(line)) this.processEvent("ready");
    };
    [child.stdout, child.stderr].forEach((stream, i) => {
      stream?.on("data", (chunk: Buffer) => splitters[i].push(chunk).forEach(onLine));
      stream?.on("end", () => {
        const rest = splitters[i].flush();
        if (rest !== null) onLine(rest);
      });
      stream?.on("error", () => {});
    });
    // EPIPE when the process has closed stdin or died between the state check and the write.
    child.stdin?.on("error", () => {});

    child.on("spawn", () => {
      if (generation === this.generation && !ready) this.processEvent("ready");
    });
    child.on("error", (error) => {
      // Without a pid the spawn itself failed and no exit event follows.
      if (child.pid === undefined && generation === this.generation) {
        this.spawnError = error.message;
        this.finishExit(generation, null, null);
      }
    });
    child.on("exit", (code, signal) => {
      this.stopWatchdog();
      // The main process is gone: what it left behind in its group goes too.
      this.signalGroup(child, "SIGKILL");
      const drain = setTimeout(() => this.finishExit(generation, code, signal), STREAM_DRAIN_MS);
      child.once("close", () => {
        clearTimeout(drain);
        this.finishExit(generation, code, signal);
      });
    });
    this.startWatchdog(generation);
  }

  private beginStop(): void {
    if (!this.outOfMemory) this.stopReason = "stopped";
    this.setState("stopping");
    const { stopCommand, stopGraceMs } = this.startup;
    const stdin = this.child?.stdin;
    if (stopCommand !== null && stdin?.writable) {
      stdin.write(stopCommand + "\n");
      this.timers.push(
        setTimeout(() => {
          this.signal("SIGTERM");
          this.timers.push(setTimeout(() => this.signal("SIGKILL"), stopGraceMs));
        }, stopGraceMs),
      );
    } else {
      this.signal("SIGTERM");
      this.timers.push(setTimeout(() => this.signal("SIGKILL"), stopGraceMs));
    }
  }

  private processEvent(event: "ready"): void {
    const { to } = onProcessEvent(this.state, event);
    if (to !== this.state) this.setState(to);
  }

  private finishExit(generation: number, code: number | null, signal: NodeJS.Signals | null): void {
    if (generation !== this.generation || this.state === "offline") return;
    this.clearTimers();
    this.stopWatchdog();
    const { crashed } = onProcessEvent(this.state, "exited");
    const spawnFailed = this.spawnError !== null;
    const reason: ExitReason = this.outOfMemory ? "out of memory" : spawnFailed ? "spawn failed" : crashed ? "crashed" : (this.stopReason ?? "stopped");
    this.lastExit = {
      code,
      signal,
      at: new Date().toISOString(),
      crashed: crashed || this.outOfMemory || spawnFailed,
      reason,
      outOfMemory: this.outOfMemory,
      lastLines: this.ring.lines(LAST_EXIT_LINES),
      ...(spawnFailed ? { error: this.spawnError! } : {}),
    };
    this.child = null;
    this.startedAt = null;
    this.cpuSample = null;
    const restart = this.restartPending && !this.lastExit.crashed;
    this.restartPending = false;
    this.setState("offline");
    if (restart) this.spawnChild();
  }

  private startWatchdog(generation: number): void {
    const limitBytes = this.startup.memoryLimitMb * 1024 * 1024;
    if (!(limitBytes > 0)) return;
    let sampling = false;
    this.watchdog = setInterval(() => {
      const pid = this.child?.pid;
      if (sampling || pid === undefined) return;
      sampling = true;
      void sampleProcessTree(pid)
        .then((sample) => {
          if (!sample || generation !== this.generation || this.outOfMemory || this.state === "offline") return;
          if (sample.rssBytes > limitBytes) this.outOfMemoryKill(sample.rssBytes);
        })
        .catch(() => {})
        .finally(() => {
          sampling = false;
        });
    }, this.watchdogIntervalMs);
  }

  private outOfMemoryKill(rssBytes: number): void {
    this.outOfMemory = true;
    this.restartPending = false;
    const usedMb = Math.round(rssBytes / 1024 / 1024);
    this.pushLine(`${DAEMON_PREFIX} Server is using ${usedMb} MB, over its ${this.startup.memoryLimitMb} MB memory limit: stopping it (out of memory).`);
    this.stopWatchdog();
    this.clearTimers();
    if (this.state !== "stopping") this.setState("stopping");
    this.signal("SIGKILL");
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  private signal(signal: NodeJS.Signals): void {
    if (this.child) this.signalGroup(this.child, signal);
  }

  private signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone (ESRCH) or was never made: signal the process itself.
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
    }
  }

  private pushLine(line: string): void {
    this.ring.push(line);
    this.emit({ type: "line", line });
  }

  private setState(state: PowerState): void {
    const previous = this.state;
    if (previous === state) return;
    this.state = state;
    this.emit({ type: "state", state, previous, lastExit: state === "offline" ? this.lastExit : null });
  }

  private emit(event: GameProcessEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A broken listener must not break the console for the others.
      }
    }
  }
}

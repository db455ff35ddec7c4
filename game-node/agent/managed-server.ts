// One game server on the node (docs/game-servers.md#agent): its definition and install state, its
// folder (one ServerRoot, shared by the HTTP API and SFTP so the quota queue covers both), its process,
// its console fan-out and usage sampler. Power and commands answer typed refusals, never throw.
import { promises as fsp } from "node:fs";
import path from "node:path";
import { ServerRoot } from "../files/server-root";
import { GameProcess, type StartupDefinition } from "../process/game-process";
import { PortTrafficMeter, type ReadConnections } from "../process/port-traffic";
import { decidePower, type PowerAction, type PowerState } from "../process/power-states";
import type { ServerDefinition, ServerStatusView } from "../protocol/node-api";
import type { GameTemplate, StartupContext } from "../templates/template-types";
import { resolveTemplateVars } from "../templates/template-vars";
import { ConsoleHub } from "./console-hub";
import type { ServerRecord, ServerStore } from "./server-store";
import { UsageSampler } from "./usage-sampler";

/** Installs a template's runtime (an npm package) once per node; returns where, or null when none is needed. */
export type EnsureRuntime = (template: GameTemplate, log: (line: string) => void) => Promise<string | null>;

export interface ServerContext {
  store: ServerStore;
  templates: ReadonlyMap<string, GameTemplate>;
  ensureRuntime: EnsureRuntime | null;
  statsIntervalMs: number;
  /** How the game port's TCP connections are read for network use (default: `ss`; tests inject one). */
  readConnections?: ReadConnections;
  log: (line: string) => void;
  /** True while the agent shuts down: servers stop, but stay marked as running for the next start. */
  isClosing(): boolean;
}

export type PowerOutcome = { ok: true; from: PowerState; to: PowerState } | { ok: false; code: "power_refused" | "not_installed"; message: string };
export type CommandOutcome = { ok: true } | { ok: false; message: string };

const MB = 1024 * 1024;
const MAX_ERROR_CHARS = 500;

/** Stands in until the first start builds the real startup from the template. */
const NOT_STARTED: StartupDefinition = { command: "false", args: [], env: {}, stopCommand: null, readyPattern: null, memoryLimitMb: 64, stopGraceMs: 1000 };

export class ManagedServer {
  readonly hub: ConsoleHub;
  readonly sampler: UsageSampler;
  definition: ServerDefinition;
  installState: ServerRecord["installState"];
  installError: string | null;
  sftp: ServerRecord["sftp"];
  wasRunning: boolean;
  deleted = false;
  private installing: Promise<void> | null = null;
  private startWhenInstalled = false;
  private runtime: { dir: string | null; pending: boolean; error: string | null } = { dir: null, pending: false, error: null };

  private constructor(
    readonly id: string,
    readonly volumeDir: string,
    readonly root: ServerRoot,
    readonly process: GameProcess,
    record: ServerRecord,
    private readonly ctx: ServerContext,
  ) {
    this.definition = record.definition;
    this.installState = record.installState;
    this.installError = record.installError;
    this.sftp = record.sftp;
    this.wasRunning = record.wasRunning;
    const traffic = new PortTrafficMeter(ctx.readConnections);
    this.sampler = new UsageSampler(async () => {
      const [usage, network] = await Promise.all([process.usage(), traffic.totals(this.definition.port)]);
      return { ...usage, networkRxBytes: network?.rxBytes ?? null, networkTxBytes: network?.txBytes ?? null };
    }, ctx.statsIntervalMs);
    this.hub = new ConsoleHub(process, this.sampler, ctx.statsIntervalMs);
    process.subscribe((event) => {
      if (event.type !== "state") return;
      // Remember what to bring back after a node restart. A shutdown stops servers without forgetting.
      const running = event.state === "starting" || event.state === "running";
      if (running && !this.wasRunning) this.setWasRunning(true);
      if (event.state === "offline" && this.wasRunning && !ctx.isClosing()) this.setWasRunning(false);
    });
  }

  static async open(ctx: ServerContext, volumesDir: string, record: ServerRecord): Promise<ManagedServer> {
    const volumeDir = path.join(volumesDir, record.id);
    await fsp.mkdir(volumeDir, { recursive: true, mode: 0o750 });
    const root = await ServerRoot.open(volumeDir, { quotaBytes: record.definition.diskMb * MB });
    const process = new GameProcess({ serverDir: root.realRoot, startup: NOT_STARTED });
    return new ManagedServer(record.id, volumeDir, root, process, record, ctx);
  }

  get template(): GameTemplate | undefined {
    return this.ctx.templates.get(this.definition.template);
  }

  record(): ServerRecord {
    return { id: this.id, definition: this.definition, installState: this.installState, installError: this.installError, sftp: this.sftp, wasRunning: this.wasRunning };
  }

  /** Writes the record; a failed write is logged (the in-memory state stays authoritative until the next write). */
  async persist(): Promise<void> {
    if (this.deleted) return;
    await this.ctx.store.save(this.record()).catch((error) => this.ctx.log(`game node: saving server ${this.id} failed: ${describe(error)}`));
  }

  async view(): Promise<ServerStatusView> {
    const status = this.process.status();
    const { template, vars, port, memoryMb, diskMb } = this.definition;
    return {
      id: this.id,
      template,
      vars,
      port,
      memoryMb,
      diskMb,
      installState: this.installState,
      installError: this.installError,
      state: status.state,
      startedAt: status.startedAt,
      lastExit: status.lastExit,
      usage: await this.sampler.latest(),
      sftpUsername: this.sftp?.username ?? null,
    };
  }

  /** A new definition (PUT on an existing server): applies on the next start; a new template or a failed install installs again. */
  update(definition: ServerDefinition): void {
    const templateChanged = definition.template !== this.definition.template;
    this.definition = definition;
    this.root.options.quotaBytes = definition.diskMb * MB;
    // An install already running read the old definition: the new template installs after it.
    if (templateChanged && this.installing) void this.installing.then(() => this.install(definition.startAfterInstall));
    else if (templateChanged || this.installState === "failed") void this.install(definition.startAfterInstall);
  }

  /** Runs the install in the background (at most one at a time); `startAfter` starts the server once it succeeds. */
  install(startAfter: boolean): Promise<void> {
    this.startWhenInstalled ||= startAfter;
    this.installing ??= this.runInstall().finally(() => {
      this.installing = null;
    });
    return this.installing;
  }

  /** Resolves once no install runs (or after `timeoutMs`). */
  async settled(timeoutMs: number): Promise<void> {
    if (!this.installing) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.installing, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  /** After a node restart: finds an installed server's runtime again, then starts it if it was running. */
  async resume(): Promise<void> {
    if (this.installState === "installing") {
      // The node stopped mid-install; install never overwrites the user's files, so run it again.
      await this.install(this.wasRunning);
      return;
    }
    const template = this.template;
    // A runtime that cannot be prepared is remembered; starting then answers why.
    if (this.installState === "installed" && template?.runtime) await this.prepareRuntime(template).catch(() => {});
    if (this.wasRunning && this.installState === "installed" && !this.deleted && !this.ctx.isClosing()) {
      const outcome = this.power("start");
      if (!outcome.ok) this.process.daemonLine(`Could not start the server again after the node restarted: ${outcome.message}`);
    }
  }

  power(action: PowerAction): PowerOutcome {
    if (this.installState === "installing") return { ok: false, code: "not_installed", message: "The server is still being installed." };
    if (this.installState === "failed") return { ok: false, code: "not_installed", message: this.installError ?? "The server's install failed." };
    const decision = decidePower(this.process.status().state, action);
    if (!decision.ok) return { ok: false, code: "power_refused", message: decision.message };
    if (action === "start" || action === "restart") {
      // Built now, so changed variables and limits apply on this start and never to a running process.
      const startup = this.buildStartup();
      if (!startup.ok) return startup;
      this.process.setStartup(startup.startup);
    }
    const result = this.process[action]();
    return result.ok ? { ok: true, from: result.from, to: result.to } : { ok: false, code: "power_refused", message: result.message };
  }

  command(text: string): CommandOutcome {
    const result = this.process.sendCommand(text);
    return result.ok ? result : { ok: false, message: result.message };
  }

  /** Node shutdown: stop gracefully (the template's stop command, then the escalation), kill what does not go. */
  async shutdown(): Promise<void> {
    this.hub.closeAll(1001, "The game node is shutting down.");
    const { state } = this.process.status();
    if (state !== "offline") {
      const graceMs = this.lastStopGraceMs();
      const offline = this.process.waitFor("offline", 2 * graceMs + 5000).catch(() => {});
      this.process.stop();
      await offline;
    }
    await this.process.destroy();
    await this.settled(30_000);
  }

  /** DELETE: viewers closed, process killed, record and folder removed. */
  async remove(): Promise<void> {
    this.deleted = true;
    this.hub.closeAll(4010, "The server was deleted.");
    await this.process.destroy();
    await this.settled(30_000);
    await this.ctx.store.remove(this.id);
    // maxRetries: a template install still writing can make a folder non-empty between readdir and rmdir.
    await fsp.rm(this.volumeDir, { recursive: true, force: true, maxRetries: 5 });
  }

  private lastStopGraceMs(): number {
    const template = this.template;
    if (!template) return 5000;
    try {
      return template.startup(this.startupContext(this.definition.vars)).stopGraceMs;
    } catch {
      return 5000;
    }
  }

  private buildStartup(): { ok: true; startup: StartupDefinition } | { ok: false; code: "power_refused" | "not_installed"; message: string } {
    const template = this.template;
    if (!template) return { ok: false, code: "power_refused", message: `This node has no template "${this.definition.template}".` };
    if (template.runtime && this.runtime.pending) return { ok: false, code: "not_installed", message: "The server's runtime is being prepared; try again in a moment." };
    if (template.runtime && this.runtime.error) return { ok: false, code: "not_installed", message: this.runtime.error };
    const vars = resolveTemplateVars(template, this.definition.vars);
    if (!vars.ok) return { ok: false, code: "power_refused", message: vars.message };
    try {
      return { ok: true, startup: template.startup(this.startupContext(vars.vars)) };
    } catch (error) {
      return { ok: false, code: "power_refused", message: `The server's start command could not be built: ${describe(error)}` };
    }
  }

  private startupContext(vars: Record<string, string>): StartupContext {
    const { port, memoryMb } = this.definition;
    return { serverDir: this.root.realRoot, runtimeDir: this.runtime.dir, vars, port, memoryMb };
  }

  private async prepareRuntime(template: GameTemplate): Promise<void> {
    const { packageName, version } = template.runtime!;
    this.runtime = { dir: null, pending: true, error: null };
    try {
      if (!this.ctx.ensureRuntime) throw new Error(`this node cannot install ${packageName}@${version}`);
      this.runtime = { dir: await this.ctx.ensureRuntime(template, (line) => this.process.daemonLine(line)), pending: false, error: null };
    } catch (error) {
      this.runtime = { dir: null, pending: false, error: sentence(`The runtime ${packageName}@${version} is not available: ${describe(error)}`) };
      throw new Error(this.runtime.error!);
    }
  }

  private async runInstall(): Promise<void> {
    const template = this.template;
    this.installState = "installing";
    this.installError = null;
    await this.persist();
    const say = (line: string) => this.process.daemonLine(line);
    try {
      if (!template) throw new Error(`This node has no template "${this.definition.template}".`);
      say(`Installing ${template.name}…`);
      if (template.runtime) {
        say(`Preparing the runtime ${template.runtime.packageName}@${template.runtime.version}…`);
        await this.prepareRuntime(template);
      }
      const vars = resolveTemplateVars(template, this.definition.vars);
      if (!vars.ok) throw new Error(vars.message);
      await template.install(this.root, this.startupContext(vars.vars));
      if (this.deleted) return;
      this.installState = "installed";
      say("Install finished.");
    } catch (error) {
      if (this.deleted) return;
      this.installState = "failed";
      this.installError = sentence(`The install failed: ${describe(error)}`);
      say(this.installError);
    }
    await this.persist();
    const start = this.startWhenInstalled;
    this.startWhenInstalled = false;
    if (start && this.installState === "installed" && !this.ctx.isClosing()) {
      const outcome = this.power("start");
      if (!outcome.ok) say(`Could not start the server after the install: ${outcome.message}`);
    }
  }

  private setWasRunning(value: boolean): void {
    this.wasRunning = value;
    void this.persist();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One line, ends with a full stop, bounded: it is shown to the user as is. */
function sentence(text: string): string {
  const line = text.replace(/\s+/g, " ").trim().slice(0, MAX_ERROR_CHARS);
  return /[.!?]$/.test(line) ? line : `${line}.`;
}

// The power state machine of one game server (docs/game-servers.md#process-supervisor). Pure: the
// table says which state a verb or a process event leads to, or why a verb is refused; GameProcess
// performs the side effects (spawn, signals) and asks this table first.

export const POWER_STATES = ["offline", "starting", "running", "stopping"] as const;
export type PowerState = (typeof POWER_STATES)[number];

export const POWER_ACTIONS = ["start", "stop", "restart", "kill"] as const;
export type PowerAction = (typeof POWER_ACTIONS)[number];

/** The API answers 400 with this code when parsePowerAction returns null. */
export const POWER_ACTION_UNKNOWN = "game.power_action_unknown";

export function parsePowerAction(verb: unknown): PowerAction | null {
  return typeof verb === "string" && (POWER_ACTIONS as readonly string[]).includes(verb) ? (verb as PowerAction) : null;
}

/** Events the process itself produces (not asked by anyone). */
export type ProcessEvent = "ready" | "exited";

export type PowerRefusalReason = "already_running" | "already_starting" | "not_running" | "is_stopping";

export type PowerRefusal = { ok: false; reason: PowerRefusalReason; message: string };
export type PowerAccepted = { ok: true; from: PowerState; to: PowerState };
export type PowerResult = PowerAccepted | PowerRefusal;

const MESSAGES: Record<PowerRefusalReason, string> = {
  already_running: "The server is already running.",
  already_starting: "The server is already starting.",
  not_running: "The server is not running.",
  is_stopping: "The server is stopping; wait until it is offline.",
};

export function refusal(reason: PowerRefusalReason): PowerRefusal {
  return { ok: false, reason, message: MESSAGES[reason] };
}

type Cell = PowerState | PowerRefusalReason;

// Rows: current state; columns: verb. A state name is the next state, anything else a refusal.
// stop while stopping is accepted (pressing stop twice is not an error; the escalation already runs);
// restart while stopping is accepted and starts again once the process is gone; kill while stopping
// is how a user cuts the grace period short. A killed process stays "stopping" until it has exited.
const VERBS: Record<PowerState, Record<PowerAction, Cell>> = {
  offline: { start: "starting", stop: "not_running", restart: "starting", kill: "not_running" },
  starting: { start: "already_starting", stop: "stopping", restart: "stopping", kill: "stopping" },
  running: { start: "already_running", stop: "stopping", restart: "stopping", kill: "stopping" },
  stopping: { start: "is_stopping", stop: "stopping", restart: "stopping", kill: "stopping" },
};

export function decidePower(state: PowerState, action: PowerAction): PowerResult {
  const cell = VERBS[state][action];
  if ((POWER_STATES as readonly string[]).includes(cell)) return { ok: true, from: state, to: cell as PowerState };
  return refusal(cell as PowerRefusalReason);
}

/**
 * Where a process event leads. `crashed` is true when the process went away without being asked
 * (exit while starting or running). "ready" outside "starting" changes nothing.
 */
export function onProcessEvent(state: PowerState, event: ProcessEvent): { to: PowerState; crashed: boolean } {
  if (event === "ready") return { to: state === "starting" ? "running" : state, crashed: false };
  return { to: "offline", crashed: state === "starting" || state === "running" };
}

/** Console commands reach stdin only while the process is up and not being stopped. */
export function acceptsCommands(state: PowerState): boolean {
  return state === "starting" || state === "running";
}

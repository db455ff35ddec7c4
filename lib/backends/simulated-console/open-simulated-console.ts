import { duplexPair, type Duplex } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { ConsoleStream, OpenConsoleInput } from "@/lib/console/console-types";
import type { TextScreen } from "@/lib/console/text-screen";
import { BackendError } from "../backend-error";
import type { Clock } from "../clock";
import { acquireGuestConsole } from "./guest-console-registry";
import type { GuestScene } from "./guest-scene";
import { KeysymInput } from "./keysym-input";

/** What the RFB server (lib/console/rfb/serve-rfb.ts) needs to serve a text screen as RFB 3.8. */
export interface ServeRfbOptions {
  screen: TextScreen;
  /** The desktop name in ServerInit. */
  name: string;
  /** VNC authentication's password; null offers security type None. */
  password: string | null;
  onKey(keysym: number, down: boolean): void;
  onPointer?(x: number, y: number, buttonMask: number): void;
}

export type ServeRfb = (stream: Duplex, options: ServeRfbOptions) => void;

/**
 * The RFB server used when the backend context names none. Set to lib/console/rfb/serve-rfb.ts's
 * serveRfb once that file is on main; until then an `rfb` open without an injected server is refused.
 */
const DEFAULT_SERVE_RFB: ServeRfb | null = null;

/** The simulated guest console's settings in a backend context (tests inject them). */
export interface GuestConsoleSettings {
  serveRfb?: ServeRfb;
  /** How often an attached console re-reads the machine (default 1 s). */
  pollMs?: number;
}

export interface SimulatedConsoleRequest {
  machineId: string;
  /** The desktop name RFB viewers show. */
  name: string;
  input: OpenConsoleInput;
  /** The scene read just now (the caller refused a machine without display before). */
  initial: GuestScene;
  read(): Promise<GuestScene>;
  clock: Clock;
  settings?: GuestConsoleSettings;
}

/** A serial viewer that reads slower than the guest writes loses output past this (a serial line drops too). */
const SERIAL_BUFFER_LIMIT = 256 * 1024;
const RFB_END_GRACE_MS = 500;

/**
 * Attaches one viewer to the machine's shared console and returns the viewer's end of a socket pair:
 * RFB 3.8 (`rfb`) or the console's VT100 text (`serial`). Closing either end detaches the viewer.
 */
export function openSimulatedConsole(request: SimulatedConsoleRequest): ConsoleStream {
  const serveRfb = request.settings?.serveRfb ?? DEFAULT_SERVE_RFB;
  if (request.input.channel === "rfb" && !serveRfb) throw new BackendError("provider_unreachable", "The VNC server is not available");
  const guest = acquireGuestConsole(request.machineId, request.initial, {
    read: request.read,
    clock: request.clock,
    pollMs: request.settings?.pollMs ?? 1_000,
  });
  const [outside, inside] = duplexPair();
  // duplexPair does not pass a destroy across: do it, so either side's close ends both.
  outside.once("close", () => inside.destroy());
  inside.once("close", () => outside.destroy());
  // The viewer stopped sending: the console is done with it.
  inside.once("end", () => inside.end());
  inside.once("error", () => inside.destroy());

  if (request.input.channel === "serial") {
    const decoder = new StringDecoder("utf8");
    const detach = guest.attach({
      text: (text) => {
        if (inside.writable && inside.writableLength < SERIAL_BUFFER_LIMIT) inside.write(text);
      },
      end: () => inside.end(),
    });
    inside.on("data", (chunk: Buffer) => guest.input(decoder.write(chunk)));
    inside.once("close", detach);
    return outside;
  }

  const keys = new KeysymInput();
  // The RFB server sends the notice's frame on its next update: give it a moment before the end.
  const detach = guest.attach({ end: () => setTimeout(() => inside.end(), RFB_END_GRACE_MS).unref() });
  inside.once("close", detach);
  serveRfb!(inside, {
    screen: guest.screen,
    name: request.name,
    password: request.input.password,
    onKey: (keysym, down) => {
      const text = keys.key(keysym, down);
      if (text) guest.input(text);
    },
    // A text console has no pointer.
    onPointer: () => {},
  });
  return outside;
}

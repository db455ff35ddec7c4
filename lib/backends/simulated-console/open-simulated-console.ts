import { duplexPair, type Duplex } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { ConsoleStream, OpenConsoleInput } from "@/lib/console/console-types";
import { serveRfb as realServeRfb, type RfbServerOptions } from "@/lib/console/rfb/serve-rfb";
import type { Clock } from "../clock";
import { acquireGuestConsole } from "./guest-console-registry";
import type { GuestScene } from "./guest-scene";
import { KeysymInput } from "./keysym-input";

/** What the RFB server needs to serve a text screen as RFB 3.8. */
export type ServeRfbOptions = RfbServerOptions;

/** Serves one RFB connection over the stream (lib/console/rfb/serve-rfb.ts; tests may record instead). */
export type ServeRfb = (stream: Duplex, options: ServeRfbOptions) => void;

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
  const serveRfb = request.settings?.serveRfb ?? realServeRfb;
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
  serveRfb(inside, {
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

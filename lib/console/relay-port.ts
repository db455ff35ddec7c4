import type { ConsoleChannel, ConsoleStream } from "./console-types";

/** One dial of a console websocket: the session named in the path and the token in the query. */
export interface ConsoleDial {
  sessionId: string;
  token: string;
  now: Date;
  remoteAddress: string | null;
}

/**
 * A console session that was just consumed (its one dial): what the relay needs to carry it. The
 * domain (lib/services/console) builds it; the relay (lib/ws) only moves bytes and enforces limits.
 */
export interface ServedConsole {
  sessionId: string;
  serviceId: string;
  channel: ConsoleChannel;
  /** The relay drops the viewer's KeyEvent, PointerEvent and ClientCutText (rfb) or all input (serial). */
  viewOnly: boolean;
  /** The stream is closed at this instant whatever happens (absolute limit, a cast's window). */
  closesAt: Date;
  /** Opens the machine's console (driver.openConsole). Throws when the machine has no display. */
  open(): Promise<ConsoleStream>;
  /**
   * Checked every few seconds while the stream is open: why it must close now (service suspended or
   * terminated, cast revoked, window over), or null to keep it open.
   */
  closeReason(now: Date): Promise<string | null>;
  /** Records the end of the stream (audit). */
  closed(reason: string, now: Date): Promise<void>;
}

/** Consumes the session's token atomically: exactly one dial per token is served; null refuses it. */
export type ConsumeConsoleSession = (dial: ConsoleDial) => Promise<ServedConsole | null>;

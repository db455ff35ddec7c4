import type { Duplex } from "node:stream";

/**
 * A console's byte stream. `rfb`: RFB 3.8 as a VNC server speaks it (what noVNC dials); `serial`:
 * UTF-8 text both ways, VT100 (what xterm shows). Ending either side ends the other.
 */
export type ConsoleChannel = "rfb" | "serial";

export interface OpenConsoleInput {
  channel: ConsoleChannel;
  /**
   * `rfb` only: the VNC password the console demands (security type 2, VNC authentication); null
   * offers security type None. A real driver gets it from the hypervisor's console ticket.
   */
  password: string | null;
}

/** What a driver's openConsole returns: the console's bytes (docs/decisions.md#r17). */
export type ConsoleStream = Duplex;

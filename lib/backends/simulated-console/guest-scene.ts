import type { IpAddressView } from "../types";

/**
 * What a simulated machine's display shows now, derived from its row in the database. The console
 * (guest-console.ts) turns successive scenes into VT100 output: a new `life` clears the screen and
 * draws its lines; within one life only the lines not yet drawn are written.
 */
export interface GuestScene {
  /** Identity of the machine's current life (one boot, one installer run); a new one redraws. */
  life: string;
  /** The lines of this life so far, without line ends (SGR colours allowed). Append-only within a life. */
  lines: string[];
  /** A last line that changes in place (an installer's progress bar). */
  status?: string;
  /** Who reads the keyboard after the lines: a login prompt, or nobody (firmware, installer). */
  shell: ShellProfile | null;
  /** The guest is paused: it neither draws nor reads keys. */
  frozen?: boolean;
  /** The machine has no display any more: this notice is the last thing shown, then every viewer ends. */
  gone?: string;
}

/** The running system a login shell belongs to (refreshed with every scene). */
export interface ShellProfile {
  hostname: string;
  /** The getty banner's system name ("Debian GNU/Linux 12"). */
  issue: string;
  /** `uname -r`. */
  kernel: string;
  /** Linux, or the rescue system (another prompt and banner). */
  system: "installed" | "rescue";
  bootedAt: Date;
  /** The NIC's hardware address (`ip addr`). */
  mac: string;
  /** Whether `password` logs root in (any password when the machine has none set). */
  checkPassword(password: string): Promise<boolean>;
  /** The machine's addresses as assigned now. */
  addresses(): Promise<IpAddressView[]>;
}

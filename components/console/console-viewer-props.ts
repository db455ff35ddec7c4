import type { ConsoleSessionInfo, OpenConsoleSession } from "@/lib/console/console-session-info";

/** What both viewers (VNC and serial) take. */
export type ConsoleViewerProps = {
  /** Asks for a new console session (a server action); called on mount, on Connect and on Reconnect. */
  openSession: OpenConsoleSession;
  /** No input is sent (the relay drops a view-only viewer's input anyway). */
  viewOnly?: boolean;
  /** Shown in the toolbar and in the screen's accessible name. */
  label?: string;
  /** A session the page already minted, used for the first connect instead of calling openSession. */
  initialSession?: ConsoleSessionInfo | null;
  /** The page already knows the machine has no display: show "Waiting for display" and ask again shortly. */
  startWaiting?: boolean;
  autoConnect?: boolean;
  className?: string;
};

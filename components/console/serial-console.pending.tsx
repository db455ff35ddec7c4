"use client";

// PLACEHOLDER until h/viewers merges (components/console/serial-console.tsx, same props). Delete this
// file on merge and drop ".pending" from the imports that name it.
import type { ConsoleSessionInfo, OpenConsoleSession } from "@/lib/console/console-session-info.pending";

export function SerialConsole(_props: { openSession: OpenConsoleSession; viewOnly?: boolean; label?: string; initialSession?: ConsoleSessionInfo | null; autoConnect?: boolean; className?: string }) {
  return <p className="text-sm text-neutral-500">The serial console is not built yet.</p>;
}

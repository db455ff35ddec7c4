"use client";

// PLACEHOLDER until h/viewers merges (components/console/vnc-console.tsx, same props). Delete this
// file on merge and drop ".pending" from the imports that name it.
import type { ConsoleSessionInfo, OpenConsoleSession } from "@/lib/console/console-session-info.pending";

export function VncConsole(_props: { openSession: OpenConsoleSession; viewOnly?: boolean; label?: string; initialSession?: ConsoleSessionInfo | null; autoConnect?: boolean; className?: string }) {
  return <p className="text-sm text-neutral-500">The console viewer is not built yet.</p>;
}

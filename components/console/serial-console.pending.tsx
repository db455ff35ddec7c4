"use client";

// PLACEHOLDER until h/viewers merges (components/console/serial-console.tsx). Delete this file on
// merge and drop ".pending" from the imports that name it.
import type { OpenConsoleSession } from "@/lib/console/console-session-info.pending";

export function SerialConsole(_props: { openSession: OpenConsoleSession }) {
  return <p className="text-sm text-neutral-500">The serial console is not built yet.</p>;
}

"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import { SESSION_EXPIRED, WAITING_FOR_DISPLAY } from "@/lib/console/console-connection";
import type { ConsolePhase } from "./use-console-connection";
import { formatCount } from "@/lib/format/format-count";

/** The sentence for a phase: what the person watching reads (and a screen reader announces). */
export function phaseSentence(phase: ConsolePhase, options: { viewOnly?: boolean; retrySeconds: number }): string {
  switch (phase.kind) {
    case "idle":
      return "Not connected.";
    case "opening":
      return "Opening a console session…";
    case "connecting":
      return "Connecting…";
    case "connected":
      return options.viewOnly ? "Connected, view only." : "Connected.";
    case "waiting":
      return `${WAITING_FOR_DISPLAY}: the server has nothing on screen yet. Trying again every ${options.retrySeconds === 1 ? "second" : formatCount(options.retrySeconds, "second")}.`;
    case "expired":
      return `${SESSION_EXPIRED}.`;
    case "disconnected":
    case "refused":
      return phase.message;
  }
}

/** The few words over a screen that shows nothing live; null once connected. */
export function phaseOverlay(phase: ConsolePhase): string | null {
  switch (phase.kind) {
    case "connected":
      return null;
    case "idle":
      return "Not connected";
    case "opening":
    case "connecting":
      return "Connecting…";
    case "waiting":
      return WAITING_FOR_DISPLAY;
    case "expired":
      return SESSION_EXPIRED;
    case "disconnected":
    case "refused":
      return "Disconnected";
  }
}

const DOT: Record<ConsolePhase["kind"], string> = {
  idle: "bg-neutral-400",
  opening: "bg-amber-500",
  connecting: "bg-amber-500",
  connected: "bg-emerald-500",
  waiting: "bg-amber-500",
  expired: "bg-neutral-400",
  disconnected: "bg-red-500",
  refused: "bg-red-500",
};

/**
 * The state line under a viewer (role="status", so changes are announced) and, when the viewer
 * stopped, the button that starts over with a new session.
 */
export function ConsoleStatus({ phase, onConnect, viewOnly, retrySeconds }: { phase: ConsolePhase; onConnect: () => void; viewOnly?: boolean; retrySeconds: number }) {
  const busy = phase.kind === "opening" || phase.kind === "connecting";
  const stopped = phase.kind === "idle" || phase.kind === "expired" || phase.kind === "disconnected" || phase.kind === "refused";
  const label = phase.kind === "idle" ? "Connect" : phase.kind === "refused" ? "Try again" : "Reconnect";

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-neutral-200 bg-white px-3 py-2 text-sm">
      <p role="status" aria-live="polite" className="flex min-w-0 items-center gap-2 text-neutral-700" data-console-phase={phase.kind}>
        {busy ? <Spinner className="size-3.5 shrink-0 text-neutral-500" /> : <span aria-hidden="true" className={cn("size-2 shrink-0 rounded-full", DOT[phase.kind])} />}
        <span>{phaseSentence(phase, { viewOnly, retrySeconds })}</span>
      </p>
      {stopped && (
        <Button size="sm" variant={phase.kind === "idle" ? "primary" : "secondary"} onClick={onConnect}>
          {label}
        </Button>
      )}
    </div>
  );
}

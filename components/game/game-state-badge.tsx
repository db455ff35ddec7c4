import { Badge, type BadgeTone } from "@/components/ui/badge";

const LOOK: Record<string, { tone: BadgeTone; label: string }> = {
  running: { tone: "green", label: "Running" },
  starting: { tone: "blue", label: "Starting" },
  stopping: { tone: "amber", label: "Stopping" },
  offline: { tone: "neutral", label: "Offline" },
  unreachable: { tone: "red", label: "Node unreachable" },
  installing: { tone: "blue", label: "Installing" },
};

/** A game server's power state as a badge (installing wins while the install runs). */
export function GameStateBadge({ state }: { state: string }) {
  const look = LOOK[state] ?? { tone: "neutral" as const, label: state };
  return (
    <span data-testid="game-state">
      <Badge tone={look.tone}>{look.label}</Badge>
    </span>
  );
}

import { StatusBadge } from "@/components/status/status-badge";

/** A game server's power state as a badge (installing wins while the install runs). */
export function GameStateBadge({ state }: { state: string }) {
  return (
    <span data-testid="game-state">
      <StatusBadge kind="gameServer" status={state} />
    </span>
  );
}

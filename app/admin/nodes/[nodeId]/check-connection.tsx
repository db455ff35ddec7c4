"use client";

import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import type { GameNodeCheck } from "@/lib/backends/nodes/check-game-node";
import { formatCount } from "@/lib/format/format-count";

/**
 * Asks the node's agent for its system view and shows what it said, or why it could not. `servers`
 * is what the portal has placed there, to compare with what the agent reports.
 */
export function CheckConnection({ action, servers }: { action: (prev: GameNodeCheck | null, formData: FormData) => Promise<GameNodeCheck>; servers: number }) {
  const [result, formAction] = useActionState<GameNodeCheck | null, FormData>(action, null);
  return (
    <form action={formAction} aria-label="Check connection" className="space-y-3">
      <SubmitButton variant="secondary" size="sm" pendingLabel="Checking…">
        Check connection
      </SubmitButton>
      {result?.ok === false && (
        <Alert tone="error" title="The agent could not be reached">
          {result.error}
        </Alert>
      )}
      {result?.ok && (
        <Alert tone="success" title={`Connected: agent ${result.version}`}>
          <p>
            It runs {formatCount(result.servers, "game server")}
            {result.servers !== servers && ` (the portal has ${servers} on this node)`}; its SFTP port is {result.sftpPort}.
          </p>
          <p className="mt-1">
            Templates: {result.templates.length === 0 ? "none" : result.templates.map((t) => `${t.name} (${t.id})`).join(", ")}.
          </p>
        </Alert>
      )}
    </form>
  );
}

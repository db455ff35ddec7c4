"use client";

import { ConfirmActionButton } from "./confirm-action-button";
import type { ActionResult } from "@/lib/actions/action-result";

/** "Revoke" with a confirmation that names the key and what stops working. */
export function RevokeKeyButton({
  keyId,
  label,
  prefix,
  consequence,
  revoke,
}: {
  keyId: string;
  label: string;
  prefix: string;
  consequence: string;
  revoke: (keyId: string) => Promise<ActionResult>;
}) {
  return (
    <ConfirmActionButton
      trigger={{
        variant: "ghost",
        size: "sm",
        className: "text-red-700 hover:bg-red-50 hover:text-red-800",
        children: (
          <>
            Revoke<span className="sr-only"> {label}</span>
          </>
        ),
      }}
      title={`Revoke “${label}”?`}
      description={
        <>
          <p>
            <code className="font-mono text-xs text-neutral-800">{prefix}</code> stops working at once: {consequence}
          </p>
          <p className="mt-2">This can&apos;t be undone. To use the API again, create a new key.</p>
        </>
      }
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      action={() => revoke(keyId)}
    />
  );
}

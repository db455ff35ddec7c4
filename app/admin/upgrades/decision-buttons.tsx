"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { resolveUpgradeAction } from "./actions";

const CONFIRM = {
  retry: { title: "Try the change again?", body: "The plan change goes back to be carried out: the server is resized again (it restarts).", button: "Try again", variant: "primary" as const },
  complete: {
    title: "Mark the change done?",
    body: "Only when you changed the server by hand: the service moves to its new plan and bills its price from the next cycle.",
    button: "Mark done",
    variant: "primary" as const,
  },
  cancel: { title: "Cancel the change and refund it?", body: "The service stays on its plan; what the change charged goes back to the account's credit.", button: "Cancel and refund", variant: "danger" as const },
};
type Decision = keyof typeof CONFIRM;

/** The three ways to settle a held plan change, each confirmed first; the row leaves the list when done. */
export function DecisionButtons({ upgradeId, label }: { upgradeId: string; label: string }) {
  const [pending, startTransition] = useTransition();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [error, setError] = useState<string>();
  const confirm = asking ? CONFIRM[asking] : null;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={pending} aria-label={`Try again: ${label}`} onClick={() => setAsking("retry")}>
          Try again
        </Button>
        <Button variant="secondary" size="sm" disabled={pending} aria-label={`Mark done: ${label}`} onClick={() => setAsking("complete")}>
          Mark done
        </Button>
        <Button variant="danger" size="sm" disabled={pending} aria-label={`Cancel and refund: ${label}`} onClick={() => setAsking("cancel")}>
          Cancel…
        </Button>
      </div>
      {error && (
        <span role="alert" className="max-w-64 text-right text-xs text-red-700">
          {error}
        </span>
      )}
      <Dialog open={confirm !== null} onClose={() => setAsking(null)} title={confirm?.title ?? ""} description={confirm ? `${label}. ${confirm.body}` : undefined}>
        <DialogActions>
          <Button variant="secondary" onClick={() => setAsking(null)}>
            Back
          </Button>
          <Button
            variant={confirm?.variant ?? "primary"}
            pending={pending}
            onClick={() => {
              const decision = asking!;
              setAsking(null);
              startTransition(async () => {
                const result = await resolveUpgradeAction(upgradeId, decision);
                setError(result.ok ? undefined : result.error);
                if (result.ok && result.message) toast(result.message);
              });
            }}
          >
            {confirm?.button}
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}

"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { TypeToConfirmDialog } from "@/components/ui/type-to-confirm-dialog";
import { formatDate } from "@/lib/format/format-date";

export interface CancellableService {
  name: string;
  hostname: string | null;
  billing: { next_due_date: string | null };
  cancellation: { scheduled_date: string } | null;
}

const day = (iso: string) => formatDate(new Date(iso));

/**
 * A scheduled cancellation, shown at the top of the controls while it stands: when the server is
 * terminated, and "Undo cancellation" (DELETE /services/{id}/cancel) for someone allowed to withdraw it.
 */
export function ScheduledCancellation({ service, canWithdraw, pending, withdraw }: { service: CancellableService; canWithdraw: boolean; pending: boolean; withdraw: () => Promise<unknown> }) {
  if (!service.cancellation) return null;
  return (
    <Alert tone="warning" title={`Cancellation scheduled for ${day(service.cancellation.scheduled_date)}`}>
      <p>This service is cancelled and will be terminated on {day(service.cancellation.scheduled_date)}, with its disks. Until then it keeps running.</p>
      {canWithdraw ? (
        <Button variant="secondary" size="sm" className="mt-2" pending={pending} onClick={() => void withdraw()}>
          Undo cancellation
        </Button>
      ) : (
        <p className="mt-1 text-xs">Withdrawing it needs the services.manage permission on this account.</p>
      )}
    </Alert>
  );
}

/**
 * Cancellation of a VPS or a dedicated server: at the end of the billing period (confirmed with the
 * date it takes effect; it can be undone until then) or at once (confirmed by typing the server's
 * name, as it cannot be undone). The panel owning the card runs the actions (its own progress
 * state, toasts and refresh). Not shown while a cancellation is scheduled: ScheduledCancellation is.
 */
export function CancelCard({ service, pending, cancel }: { service: CancellableService; pending: boolean; cancel: (immediate: boolean, confirm?: string) => Promise<unknown> }) {
  const [when, setWhen] = useState<"end" | "now">("end");
  const [asking, setAsking] = useState<"end" | "now" | null>(null);
  if (service.cancellation) return null;
  const due = service.billing.next_due_date ? day(service.billing.next_due_date) : null;
  const name = service.hostname ?? service.name;
  return (
    <Card>
      <CardHeader title="Cancel service" description="Stop paying for this server. Its disks are wiped when it is terminated." />
      <CardBody>
        <fieldset className="space-y-2">
          <legend className="sr-only">When</legend>
          <label className="flex items-start gap-2 text-sm text-neutral-800">
            <input type="radio" name="cancel-when" value="end" checked={when === "end"} onChange={() => setWhen("end")} className="mt-1" />
            <span>At the end of the billing period{due ? ` (${due})` : ""}: it keeps running until then.</span>
          </label>
          <label className="flex items-start gap-2 text-sm text-neutral-800">
            <input type="radio" name="cancel-when" value="now" checked={when === "now"} onChange={() => setWhen("now")} className="mt-1" />
            <span>Immediately: the server is terminated now. Nothing is refunded.</span>
          </label>
        </fieldset>
        <div className="mt-4">
          <Button variant="danger" pending={pending} onClick={() => setAsking(when)}>
            Cancel service…
          </Button>
        </div>
        <Dialog
          open={asking === "end"}
          onClose={() => setAsking(null)}
          title="Cancel at the end of the billing period?"
          description={
            due ? (
              <>
                The server keeps running until <strong className="font-medium text-neutral-900">{due}</strong> and is terminated that day, with its disks. You can undo the cancellation until then.
              </>
            ) : (
              "The server is terminated at the end of the paid period, with its disks. You can undo the cancellation until then."
            )
          }
        >
          <DialogActions>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setAsking(null);
                void cancel(false);
              }}
            >
              Schedule cancellation
            </Button>
          </DialogActions>
        </Dialog>
        <TypeToConfirmDialog
          open={asking === "now"}
          onClose={() => setAsking(null)}
          title="Terminate the server now?"
          description="The server is terminated and everything on its disks is destroyed. Nothing is refunded. This cannot be undone."
          name={name}
          confirmLabel="Terminate now"
          onConfirm={(typed) => void cancel(true, typed)}
        />
      </CardBody>
    </Card>
  );
}

"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";

export interface CancellableService {
  billing: { next_due_date: string | null };
  cancellation: { scheduled_date: string } | null;
}

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * Cancellation of a VPS or a dedicated server: at the end of the billing period or at once, with a
 * confirmation that says what is destroyed; a scheduled cancellation can be withdrawn. The panel
 * owning the card runs the actions (its own progress state, toasts and refresh).
 */
export function CancelCard({
  service,
  pending,
  cancel,
  withdraw,
}: {
  service: CancellableService;
  pending: boolean;
  cancel: (immediate: boolean) => Promise<unknown>;
  withdraw: () => Promise<unknown>;
}) {
  const [when, setWhen] = useState<"end" | "now">("end");
  const [confirmOpen, setConfirmOpen] = useState(false);
  if (service.cancellation) {
    return (
      <Card>
        <CardHeader title="Cancellation" description={`This service is cancelled and will be terminated on ${day(service.cancellation.scheduled_date)}, with its disks.`} />
        <CardBody>
          <Button variant="secondary" pending={pending} onClick={() => void withdraw()}>
            Keep the service
          </Button>
        </CardBody>
      </Card>
    );
  }
  const due = service.billing.next_due_date ? day(service.billing.next_due_date) : null;
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
          <Button variant="danger" pending={pending} onClick={() => setConfirmOpen(true)}>
            Cancel service…
          </Button>
        </div>
        <Dialog
          open={confirmOpen}
          onClose={() => setConfirmOpen(false)}
          title={when === "now" ? "Terminate the server now?" : "Cancel at the end of the billing period?"}
          description={when === "now" ? "The server is terminated and everything on its disks is destroyed. This cannot be undone." : "The server keeps running until then; you can change your mind before that date."}
        >
          <DialogActions>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmOpen(false);
                void cancel(when === "now");
              }}
            >
              {when === "now" ? "Terminate now" : "Schedule cancellation"}
            </Button>
          </DialogActions>
        </Dialog>
      </CardBody>
    </Card>
  );
}

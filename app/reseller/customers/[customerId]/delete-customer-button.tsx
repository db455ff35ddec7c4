"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { deleteCustomerAction } from "../actions";

export function DeleteCustomerButton({ customerId, label }: { customerId: string; label: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  return (
    <div className="space-y-3">
      {error && <Alert tone="error">{error}</Alert>}
      <Button
        variant="danger"
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        Delete customer record
      </Button>
      <Dialog
        open={open}
        onClose={() => !pending && setOpen(false)}
        title={`Delete ${label}?`}
        description="The record is removed for good. Orders and services keep their history without the attribution, and API keys bound to this customer are revoked."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            pending={pending}
            onClick={() =>
              startTransition(async () => {
                const answer = await deleteCustomerAction(customerId);
                // Success redirects; only a refusal comes back.
                setOpen(false);
                setError(answer.ok ? undefined : answer.error);
              })
            }
          >
            {pending ? "Deleting…" : "Delete"}
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}

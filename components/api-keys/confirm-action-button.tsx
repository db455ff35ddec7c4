"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/action-result";

/**
 * A button that opens a confirmation dialog; confirming runs `action`, shows its error in the
 * dialog, or closes it, toasts the message and refreshes the page.
 */
export function ConfirmActionButton({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  action,
}: {
  /** The button that opens the dialog: its props and text. */
  trigger: Omit<React.ComponentProps<typeof Button>, "onClick">;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  action: () => Promise<ActionResult>;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const router = useRouter();

  function confirm() {
    startTransition(async () => {
      const result = await action();
      if (!result.ok) return setError(result.error);
      setOpen(false);
      if (result.message) toast(result.message);
      router.refresh();
    });
  }

  return (
    <>
      <Button {...trigger} onClick={() => (setError(undefined), setOpen(true))} />
      <Dialog open={open} onClose={() => !pending && setOpen(false)} title={title} description={description}>
        {error && <Alert tone="error">{error}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} pending={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

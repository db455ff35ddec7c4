"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import type { ActionResult } from "@/lib/actions/action-result";

/**
 * A dedicated server's rescue system: boot it (confirmed; its root password is shown once) and
 * leave it. The caller's actions run the domain calls under its own rules (panel or reseller portal).
 */
export function RescueCard({
  inRescue,
  offered,
  disabled,
  pending,
  onRescue,
  onLeave,
}: {
  inRescue: boolean;
  offered: boolean;
  disabled: boolean;
  pending: boolean;
  /** Boots the rescue system; `data.secret` is its root password. */
  onRescue: () => Promise<ActionResult<{ secret: string }>>;
  onLeave: () => Promise<ActionResult<unknown>>;
}) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader
        title="Rescue system"
        description="Boots a small Linux system from the network so you can repair the installed one (mount its disks, fix the boot loader, reset a password). Your data stays on the disks."
      />
      <CardBody className="space-y-4">
        {secret && (
          <Alert tone="success" title="Rescue root password (shown once)">
            <span className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-white px-2 py-1 font-mono text-sm" data-testid="rescue-password">
                {secret}
              </code>
              <CopyButton text={secret} />
            </span>
            <span className="mt-1 block">Log in as root over SSH once the server has booted the rescue system.</span>
          </Alert>
        )}
        {inRescue ? (
          <Button variant="secondary" disabled={disabled} pending={pending} onClick={() => void onLeave().then((r) => r.ok && setSecret(null))}>
            Leave rescue mode
          </Button>
        ) : (
          <>
            {!offered && !disabled && <p className="text-sm text-neutral-500">Rescue mode is available once the server is installed and idle.</p>}
            <Button variant="secondary" disabled={!offered || disabled} pending={pending} onClick={() => setConfirmOpen(true)}>
              Boot rescue system…
            </Button>
          </>
        )}
        <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} title="Reboot into the rescue system?" description="The server restarts now; running services stop until you leave rescue mode.">
          <DialogActions>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="primary"
              onClick={async () => {
                setConfirmOpen(false);
                const result = await onRescue();
                if (result.ok) setSecret(result.data.secret);
              }}
            >
              Reboot into rescue
            </Button>
          </DialogActions>
        </Dialog>
      </CardBody>
    </Card>
  );
}

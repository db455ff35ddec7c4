"use client";

import { useState, useTransition } from "react";
import { ReasonDialogButton, type ReasonDialogCopy } from "@/app/admin/_components/reason-dialog-button";
import { RowAction } from "@/app/admin/_components/row-action";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { TypeToConfirmDialog } from "@/components/ui/type-to-confirm-dialog";
import type { ActionResult, FormActionState } from "@/lib/actions/action-result";

type FormAction = (prev: FormActionState, formData: FormData) => Promise<FormActionState>;

const COPY: Record<"suspend" | "unsuspend", ReasonDialogCopy> = {
  suspend: {
    button: "Suspend",
    title: "Suspend this service?",
    description: "The machine is stopped and the customer (or the reseller's webhook) is told, with your reason. Billing goes on.",
    label: "Reason",
    hint: "Required, up to 200 characters. The customer reads it; kept in the operator activity.",
    confirm: "Suspend service",
    pending: "Suspending…",
  },
  unsuspend: {
    button: "Unsuspend",
    title: "Unsuspend this service?",
    description: "The machine is started and the customer is told. A billing suspension comes back at the next nightly run while its invoice stays unpaid.",
    label: "Note (optional)",
    hint: "Up to 200 characters. Kept in the operator activity.",
    confirm: "Unsuspend",
    pending: "Unsuspending…",
  },
};

/** Suspend or unsuspend after a dialog that asks why (a reason is required to suspend). */
function StatusButton({ mode, action }: { mode: "suspend" | "unsuspend"; action: FormAction }) {
  return <ReasonDialogButton copy={COPY[mode]} fields={{ change: mode }} danger={mode === "suspend"} action={action} />;
}

function TerminateButton({ name, terminate }: { name: string; terminate: (confirm: string) => Promise<ActionResult> }) {
  const [asking, setAsking] = useState(false);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="danger"
        pending={pending}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        Terminate…
      </Button>
      {error && (
        <span role="alert" className="basis-full text-sm font-medium text-red-600">
          {error}
        </span>
      )}
      <TypeToConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Terminate this service now?"
        description="The machine is deleted (a dedicated server is wiped and goes back to stock), with everything on its disks. Open renewals are cancelled and nothing is refunded. This cannot be undone."
        name={name}
        confirmLabel="Terminate now"
        onConfirm={(typed) =>
          start(async () => {
            const result = await terminate(typed);
            if (result.ok) toast(result.message ?? "Terminated.");
            else setError(result.error);
          })
        }
      />
    </>
  );
}

export interface ServiceControlsProps {
  status: string;
  /** What the operator types to terminate: the hostname, or the name without one. */
  confirmName: string;
  changeStatus: FormAction;
  terminate: (confirm: string) => Promise<ActionResult>;
  retry: FormAction;
}

/** The actions the service's status allows: suspend (active), unsuspend (suspended), retry setup (failed), terminate (anything not terminated). */
export function ServiceControls({ status, confirmName, changeStatus, terminate, retry }: ServiceControlsProps) {
  if (status === "terminated") return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {status === "active" && <StatusButton mode="suspend" action={changeStatus} />}
      {status === "suspended" && <StatusButton mode="unsuspend" action={changeStatus} />}
      {status === "provisioning_failed" && (
        <RowAction
          action={retry}
          label="Retry setup"
          pendingLabel="Retrying…"
          variant="secondary"
          confirm={{
            title: "Retry this service's setup?",
            description: "The build starts again from the beginning, on whatever node has room. What was refunded when it failed stays refunded: nothing is charged now. If it fails again, nothing more is refunded.",
            confirmLabel: "Retry setup",
          }}
        />
      )}
      <TerminateButton name={confirmName} terminate={terminate} />
    </div>
  );
}

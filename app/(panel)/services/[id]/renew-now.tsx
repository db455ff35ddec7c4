"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import type { FormActionState } from "@/lib/actions/action-result";
import { renewServiceAction, type RenewalRaised } from "./renew-actions";

/** "Renew now": raises the next period's invoice at once, instead of waiting for the nightly renewal a week before the due date. */
export function RenewNow({ serviceId, nextDueDate }: { serviceId: string; nextDueDate: string }) {
  const [state, action] = useActionState<FormActionState<RenewalRaised>, FormData>(renewServiceAction, null);
  const raised = state?.ok ? state.data : undefined;
  return (
    <div className="space-y-3">
      <p className="text-sm text-neutral-600">
        Paid until <strong>{nextDueDate}</strong>. The renewal invoice is raised automatically a week before; renew now to pay the next period
        early. Paying it extends the service by one billing cycle.
      </p>
      {state && !state.ok && <Alert tone="error" title="Not renewed">{state.error}</Alert>}
      {raised && (
        <Alert tone={raised.settled ? "success" : "info"} title={raised.settled ? "Renewed" : "Renewal raised"}>
          {raised.settled ? `${raised.number} was paid from your credit.` : `Pay ${raised.number} to extend the service. `}
          {!raised.settled && (
            <Link className="font-medium underline" href={`/billing/${raised.type === "invoice" ? "invoices" : "proformas"}/${raised.id}`}>
              Open {raised.type}
            </Link>
          )}
        </Alert>
      )}
      <form action={action}>
        <input type="hidden" name="serviceId" value={serviceId} />
        <SubmitButton variant="secondary" pendingLabel="Renewing…" disabled={!!raised}>
          Renew now
        </SubmitButton>
      </form>
    </div>
  );
}

"use client";

import Link from "next/link";
import { useActionState, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import type { FormActionState } from "@/lib/actions/action-result";
import type { CancellableOrder } from "@/lib/orders/cancel-unpaid-order";

const documentHref = (d: CancellableOrder["documents"][number]) => `/billing/${d.type === "invoice" ? "invoices" : "proformas"}/${d.id}`;

/** "Its 2 services and invoice INV-… are cancelled": what a cancellation takes away, in one sentence. */
export function whatIsCancelled(order: CancellableOrder): string {
  const services = order.services === 1 ? "Its service" : `Its ${order.services} services`;
  const documents = order.documents.map((d) => `${d.type} ${d.number}`).join(" and ");

  return `${services} and ${documents} are cancelled; nothing was charged.`;
}

/**
 * "Cancel order" for an order of new services not paid yet, asked in a dialog that names what goes.
 * Rendered whether or not there is an order to cancel (`order` null): after the action the page
 * re-renders without one (cancelled, or paid meanwhile), and keeping this mounted keeps its result
 * or refusal on screen.
 */
export function CancelUnpaidOrder({
  order,
  action,
  onDocument = false,
}: {
  order: CancellableOrder | null;
  action: (prev: FormActionState<CancellableOrder>, formData: FormData) => Promise<FormActionState<CancellableOrder>>;
  /** Shown on the order's invoice or proforma (no link to it); else on one of its services. */
  onDocument?: boolean;
}) {
  const [state, formAction, pending] = useActionState<FormActionState<CancellableOrder>, FormData>(action, null);
  const [asking, setAsking] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  if (state?.ok) {
    return (
      <Alert tone="success" title={`Order ${state.data.orderNumber} cancelled`}>
        {whatIsCancelled(state.data)}{" "}
        <Link href="/services" className="font-medium underline">
          Back to your services
        </Link>
      </Alert>
    );
  }
  const refused = state && !state.ok && (
    <Alert tone="error" title="Not cancelled" className="mb-3">
      {state.error}
    </Alert>
  );
  if (!order) return refused || null;
  const document = order.documents[0];
  return (
    <Card>
      <CardHeader
        title="Cancel this order"
        description={`Order ${order.orderNumber} waits for payment. If you no longer want it, cancel it: its services are never set up and nothing is owed.`}
      />
      <CardBody>
        {refused}
        {/* Submitted by the dialog's button (requestSubmit), so the action runs only once confirmed. */}
        <form ref={form} action={formAction} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="orderId" value={order.orderId} />
          <Button variant="danger" pending={pending} onClick={() => setAsking(true)}>
            {pending ? "Cancelling…" : "Cancel order…"}
          </Button>
          {!onDocument && document && (
            <Link href={documentHref(document)} className="text-sm font-medium text-neutral-600 underline-offset-2 hover:underline">
              Or pay {document.type} {document.number}
            </Link>
          )}
        </form>
        <Dialog open={asking} onClose={() => setAsking(false)} title={`Cancel order ${order.orderNumber}?`} description={whatIsCancelled(order)}>
          <DialogActions>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Keep the order
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setAsking(false);
                form.current?.requestSubmit();
              }}
            >
              Cancel order
            </Button>
          </DialogActions>
        </Dialog>
      </CardBody>
    </Card>
  );
}

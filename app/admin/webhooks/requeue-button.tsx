"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { requeueDeliveryAction } from "./actions";

/** Re-queues one failed delivery; on success the row leaves the list, so the outcome is a toast. */
export function RequeueButton({ deliveryId, event }: { deliveryId: string; event: string }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string>();

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        pending={pending}
        aria-label={`Re-queue ${event} delivery ${deliveryId}`}
        onClick={() =>
          startTransition(async () => {
            const result = await requeueDeliveryAction(deliveryId);
            setError(result.ok ? undefined : result.error);
            if (result.ok && result.data.status === "pending") toast(`Re-queued ${event}: sending now with the same X-Webhook-Id.`);
            if (result.ok && result.data.status === "paused") toast(`Re-queued ${event}, paused: the reseller is not active.`);
          })
        }
      >
        Re-queue
      </Button>
      {error && (
        <span role="alert" className="max-w-56 text-right text-xs text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}

"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { resendDeliveryAction, type QueueResult } from "./actions";

export function ResendButton({ deliveryId }: { deliveryId: string }) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<QueueResult>();

  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="secondary" pending={pending} onClick={() => startTransition(async () => setResult(await resendDeliveryAction(deliveryId)))}>
        Send again
      </Button>
      {result?.error && <Alert tone="error">{result.error}</Alert>}
      {result?.deliveryId && <Alert tone="success">Queued again with the same X-Webhook-Id.</Alert>}
    </div>
  );
}

"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/actions/action-result";
import { resendDeliveryAction, type Queued } from "./actions";

export function ResendButton({ deliveryId }: { deliveryId: string }) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult<Queued>>();

  return (
    <div className="flex flex-col items-end gap-2">
      <Button variant="secondary" pending={pending} onClick={() => startTransition(async () => setResult(await resendDeliveryAction(deliveryId)))}>
        Send again
      </Button>
      {result && !result.ok && <Alert tone="error">{result.error}</Alert>}
      {result?.ok && <Alert tone="success">Queued again with the same X-Webhook-Id.</Alert>}
    </div>
  );
}

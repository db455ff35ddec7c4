"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/actions/action-result";
import { sendTestEventAction, type Queued } from "./actions";

export function SendTestButton({ disabled }: { disabled: boolean }) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult<Queued>>();

  return (
    <div className="space-y-2">
      <Button variant="secondary" pending={pending} disabled={disabled} onClick={() => startTransition(async () => setResult(await sendTestEventAction()))}>
        Send test event
      </Button>
      {result && !result.ok && <Alert tone="error">{result.error}</Alert>}
      {result?.ok && (
        <Alert tone="success">
          Test event queued.{" "}
          <a href={`/reseller/webhooks/${result.data.deliveryId}`} className="font-medium underline underline-offset-2">
            Follow its delivery
          </a>
        </Alert>
      )}
    </div>
  );
}

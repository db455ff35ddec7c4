"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toastResult } from "@/components/services/perform";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { cancelServiceAction, withdrawCancellationAction } from "../actions";
import { CancelCard, ScheduledCancellation, type CancellableService } from "./cancel-card";

/**
 * The Destroy tab's cancellation, the same for every kind of server: a scheduled cancellation with
 * "Undo cancellation", else "Cancel service" (at the end of the period, or at once after typing the
 * name). After either the page is rendered again from the server, which says what stands now.
 */
export function ServiceCancellation({
  service,
  canCancel,
  canWithdraw,
}: {
  service: CancellableService & { id: string; status: ServiceStatus };
  canCancel: boolean;
  canWithdraw: boolean;
}) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const run = async (fn: () => ReturnType<typeof cancelServiceAction>) => {
    setPending(true);
    try {
      const result = await fn();
      toastResult(result);
      router.refresh();
      return result;
    } finally {
      setPending(false);
    }
  };
  const running = service.status === "active" || service.status === "suspended";
  return (
    <div className="space-y-6">
      {running && <ScheduledCancellation service={service} canWithdraw={canWithdraw} pending={pending} withdraw={() => run(() => withdrawCancellationAction(service.id))} />}
      {canCancel && service.status === "active" && !service.cancellation && (
        <CancelCard service={service} pending={pending} cancel={(immediate, confirm) => run(() => cancelServiceAction(service.id, immediate, confirm))} />
      )}
    </div>
  );
}

import { CancelUnpaidOrder } from "@/components/orders/cancel-unpaid-order";
import { Alert } from "@/components/ui/alert";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import type { CancellableOrder } from "@/lib/orders/cancel-unpaid-order";
import { cancelUnpaidOrderAction } from "../../order/cancel-actions";
import type { CancellableService } from "./cancel-card";
import { ServiceCancellation } from "./service-cancellation";

/**
 * The Destroy tab, last in the strip: cancelling an order that waits for payment, or cancelling the
 * service (at the end of its period, or at once after typing its name) and undoing a scheduled
 * cancellation.
 */
export function DestroyTab({
  service,
  order,
  access,
}: {
  service: CancellableService & { id: string; status: ServiceStatus };
  /** The unpaid order this viewer may cancel, else null. */
  order: CancellableOrder | null;
  access: { canCancel: boolean; canWithdrawCancellation: boolean };
}) {
  return (
    <>
      {/* First and always rendered: its answer stays on screen when the page re-renders without the order. */}
      <CancelUnpaidOrder order={order} action={cancelUnpaidOrderAction} />
      {service.status === "cancelled" ? (
        <Alert tone="info" title="This service is cancelled">
          It was never set up and nothing is owed for it.
        </Alert>
      ) : (
        <>
          {!order && service.status === "active" && !service.cancellation && access.canCancel && (
            <Alert tone="warning" title="Danger zone">
              Cancelling ends the service. Once it is terminated, its disks and everything on them are destroyed and cannot be recovered.
            </Alert>
          )}
          <ServiceCancellation service={service} canCancel={access.canCancel} canWithdraw={access.canWithdrawCancellation} />
        </>
      )}
    </>
  );
}

import type { CancellableOrder } from "@/lib/orders/cancel-unpaid-order";
import type { ScopedService } from "@/lib/services/find-scoped-service-or-throw";
import type { panelServiceAccess } from "@/lib/services/panel-service-access";
import type { CancellableService } from "./cancel-card";

/** What page.tsx found out about the service before the page of its kind renders a tab. */
export interface ServicePageBase {
  service: ScopedService;
  access: ReturnType<typeof panelServiceAccess>;
  /** Who buys upgrades and add-ons (the Billing tab). */
  buyer: { accountId: string; userId: string };
  /** `?tab=` as it came. */
  requestedTab: string | string[] | undefined;
  back: React.ReactNode;
  /** "Renew now" is offered (POST /services/{id}/renew's rule, a payer, a writable account). */
  renewable: boolean;
  /** The unpaid order this viewer may cancel, else null. */
  cancellableOrder: CancellableOrder | null;
}

/** The service as the cancellation cards read it (the documents' snake_case). */
export function cancellableOf(service: ScopedService): CancellableService & { id: string; status: ScopedService["status"] } {
  return {
    id: service.id,
    status: service.status,
    name: service.name,
    hostname: service.hostname,
    billing: { next_due_date: service.nextDueDate?.toISOString() ?? null },
    cancellation: service.cancellationScheduledDate ? { scheduled_date: service.cancellationScheduledDate.toISOString() } : null,
  };
}

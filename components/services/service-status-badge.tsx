import { StatusBadge } from "@/components/status/status-badge";

/** A service's state as a badge (the service pages' name for StatusBadge kind="service"). */
export function ServiceStatusBadge({ status }: { status: string }) {
  return <StatusBadge kind="service" status={status} />;
}

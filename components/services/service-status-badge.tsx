import { Badge, type BadgeTone } from "@/components/ui/badge";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Setting up", tone: "blue" },
  pending_payment: { label: "Awaiting payment", tone: "amber" },
  installing: { label: "Installing", tone: "blue" },
  active: { label: "Active", tone: "green" },
  suspended: { label: "Suspended", tone: "amber" },
  provisioning_failed: { label: "Setup failed", tone: "red" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  terminated: { label: "Terminated", tone: "neutral" },
  fraud: { label: "On hold", tone: "red" },
};

export const SERVICE_STATUS_LABELS = Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [k, v.label]));

export function ServiceStatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, tone: "neutral" as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

import { Badge, type BadgeTone } from "@/components/ui/badge";

// Words and colours for the statuses the dashboards show.
const STATUSES: Record<string, { label: string; tone: BadgeTone }> = {
  // services
  active: { label: "Active", tone: "green" },
  installing: { label: "Installing", tone: "blue" },
  pending: { label: "Pending", tone: "amber" },
  pending_payment: { label: "Awaiting payment", tone: "amber" },
  suspended: { label: "Suspended", tone: "red" },
  provisioning_failed: { label: "Setup failed", tone: "red" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  terminated: { label: "Terminated", tone: "neutral" },
  fraud: { label: "Fraud", tone: "red" },
  // invoices
  unpaid: { label: "Unpaid", tone: "amber" },
  paid: { label: "Paid", tone: "green" },
  refunded: { label: "Refunded", tone: "neutral" },
  // proformas
  converted: { label: "Converted", tone: "green" },
  // accounts and reseller profiles
  closed: { label: "Closed", tone: "neutral" },
};

export function statusLabel(status: string): string {
  return STATUSES[status]?.label ?? status.replaceAll("_", " ");
}

export function StatusBadge({ status }: { status: string }) {
  const s = STATUSES[status] ?? { label: statusLabel(status), tone: "neutral" as const };

  return <Badge tone={s.tone}>{s.label}</Badge>;
}

import { Badge, type BadgeTone } from "@/components/ui/badge";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "amber" },
  paused: { label: "Paused", tone: "neutral" },
  delivered: { label: "Delivered", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

export function DeliveryStatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, tone: "neutral" as const };

  return <Badge tone={s.tone}>{s.label}</Badge>;
}

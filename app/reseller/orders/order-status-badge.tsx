import { Badge, type BadgeTone } from "@/components/ui/badge";

const PAYMENT: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Awaiting payment", tone: "amber" },
  processing: { label: "Charging", tone: "blue" },
  paid: { label: "Paid", tone: "green" },
  failed: { label: "Payment failed", tone: "red" },
  refunded: { label: "Refunded", tone: "neutral" },
};

export function PaymentStatusBadge({ status }: { status: string }) {
  const s = PAYMENT[status] ?? { label: status, tone: "neutral" as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

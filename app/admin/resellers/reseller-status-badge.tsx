import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ResellerProfileStatus } from "@/lib/generated/prisma/client";

const TONE: Record<ResellerProfileStatus, BadgeTone> = { pending: "amber", active: "green", suspended: "red", closed: "neutral" };

export function ResellerStatusBadge({ status }: { status: ResellerProfileStatus }) {
  return <Badge tone={TONE[status]}>{status}</Badge>;
}

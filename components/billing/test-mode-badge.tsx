import { Badge } from "@/components/ui/badge";

/** Shown wherever a card is charged while the test gateway (or a Stripe test key) is in use: no real money moves. */
export function TestModeBadge({ testMode }: { testMode: boolean }) {
  if (!testMode) return null;
  return (
    <Badge tone="amber" className="ml-2 align-middle">
      <span title="Payments use test cards; no real money moves">Test mode</span>
    </Badge>
  );
}

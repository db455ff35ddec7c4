"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { serviceKeys } from "@/lib/query/keys";
import type { ActivityRow } from "@/lib/services/service-activity";

/** Loads the card's rows: a server action scoped to the viewer (the panel's or the reseller portal's). */
export type LoadActivity = (serviceId: string) => Promise<ActivityRow[] | null>;

const STATE: Record<ActivityRow["state"], { label: string; tone: BadgeTone }> = {
  queued: { label: "Waiting", tone: "neutral" },
  running: { label: "Running", tone: "blue" },
  succeeded: { label: "Done", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

const when = (iso: string) => `${new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`;

/**
 * The server's recent jobs (power, reinstall, snapshots, rescue …) and how each ended. Polls only while
 * one is waiting or running; otherwise it is refetched when an action invalidates the service's keys
 * (serviceKeys.detail prefixes serviceKeys.activity) or the window regains focus.
 */
export function ActivityCard({ serviceId, load }: { serviceId: string; load: LoadActivity }) {
  const { data } = useQuery({
    queryKey: serviceKeys.activity(serviceId),
    queryFn: () => load(serviceId),
    refetchInterval: (q) => (q.state.data?.some((a) => a.state === "queued" || a.state === "running") ? 2000 : false),
  });
  if (!data) return null;
  return (
    <Card data-testid="activity-card">
      <CardHeader title="Activity" description="What was last done to this server, newest first." />
      <CardBody>
        {data.length === 0 ? (
          <p className="text-sm text-neutral-500">Nothing has been done to this server yet.</p>
        ) : (
          <ul className="divide-y divide-neutral-100" aria-label="Activity">
            {data.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="font-medium text-neutral-800">{a.label}</span>
                <span className="flex items-center gap-3">
                  <span className="text-xs text-neutral-500">{when(a.at)}</span>
                  <Badge tone={STATE[a.state].tone}>{STATE[a.state].label}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

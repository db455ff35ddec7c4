"use client";

import { useQuery } from "@tanstack/react-query";
import { useNow } from "@/components/console/use-now";
import { StatusBadge } from "@/components/status/status-badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatDateTime } from "@/lib/format/format-date-time";
import { serviceKeys } from "@/lib/query/keys";
import type { ActivityRow } from "@/lib/services/service-activity";

/** Loads the card's rows: a server action scoped to the viewer (the panel's or the reseller portal's). */
export type LoadActivity = (serviceId: string) => Promise<ActivityRow[] | null>;


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
  const now = useNow();
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
                  <span className="text-xs text-neutral-500">{now === null ? formatDateTime(a.at) : <RelativeTime date={a.at} now={new Date(now)} />}</span>
                  <StatusBadge kind="backendJob" status={a.state} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

import Link from "next/link";
import { ServiceStatusBadge } from "@/components/services/service-status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { formatDate } from "@/lib/format/format-date";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { serviceTabHref, type ServiceTab } from "@/lib/services/service-tabs";

/**
 * The Overview tab's summary, the same for every kind of service: status, plan, location, primary
 * address and next due date, then what the kind adds (`details`: the operating system, the game…).
 * A scheduled cancellation is pointed out here and handled on the Destroy tab.
 */
export function ServiceOverview({
  serviceId,
  status,
  plan,
  location,
  address,
  nextDueDate,
  cancellationDate,
  tabs,
  details,
}: {
  serviceId: string;
  status: ServiceStatus;
  plan: string;
  location: string | null;
  address: React.ReactNode;
  nextDueDate: string | null;
  cancellationDate: string | null;
  tabs: readonly ServiceTab[];
  details?: React.ReactNode;
}) {
  const has = (slug: ServiceTab["slug"]) => tabs.some((t) => t.slug === slug);
  return (
    <>
      {cancellationDate && (
        <Alert tone="warning" title={`Cancellation scheduled for ${formatDate(new Date(cancellationDate))}`}>
          The service keeps running until then.{" "}
          {has("destroy") && (
            <Link href={serviceTabHref(serviceId, "destroy")} className="font-medium underline">
              Review or undo it on the Destroy tab
            </Link>
          )}
        </Alert>
      )}
      <Card>
        <CardHeader title="Overview" />
        <CardBody>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail label="Status">
              <ServiceStatusBadge status={status} />
            </Detail>
            <Detail label="Plan">{plan}</Detail>
            <Detail label="Location">{location ?? "—"}</Detail>
            <Detail label="Primary address">{address ?? "—"}</Detail>
            <Detail label="Next due date">{nextDueDate ? formatDate(new Date(nextDueDate)) : "—"}</Detail>
            {details}
          </dl>
        </CardBody>
      </Card>
    </>
  );
}

/**
 * "How to sign in" for a server ordered without an SSH key (lib/services/ordered-without-ssh-key.ts):
 * root signs in with a password, set on the Settings tab.
 */
export function SignInNote({ serviceId, address, tabs, passwordCard }: { serviceId: string; address: string | null; tabs: readonly ServiceTab[]; passwordCard: "Root password" | "Reinstall" }) {
  const settings = tabs.some((t) => t.slug === "settings");
  return (
    <Alert tone="info" title="How to sign in">
      <p>
        No SSH key was chosen when this server was ordered, so you sign in as root with a password
        {address ? (
          <>
            {" "}
            (<code className="font-mono text-xs wrap-anywhere">ssh root@{address}</code>)
          </>
        ) : null}
        .{" "}
        {settings ? (
          <>
            Set or change it under{" "}
            <Link href={serviceTabHref(serviceId, "settings", "root-password")} className="font-medium underline">
              Settings → {passwordCard}
            </Link>
            .
          </>
        ) : (
          "Setting it needs the services.manage permission on this account."
        )}
      </p>
    </Alert>
  );
}

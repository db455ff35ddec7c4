import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { OperatorActivityCard } from "@/app/admin/_components/operator-activity-card";
import { Table, Td, linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { pageTitle } from "@/components/layout/page-title";
import { StatusBadge } from "@/components/status/status-badge";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { EmptyState } from "@/components/ui/empty-state";
import { Toaster } from "@/components/ui/toast";
import { getAdminServiceOrThrow, SERVICE_JOBS_SHOWN, type AdminService, type AdminServiceJob } from "@/lib/admin/services/get-admin-service-or-throw";
import { listServiceMoveTargets, type ServiceMoveOptions } from "@/lib/admin/services/move-service-to-node";
import { requireOperatorContext } from "@/lib/auth/session";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatPricePer } from "@/lib/format/format-price-per";
import { statusLabel } from "@/lib/format/status-labels";
import { PROVISIONING_FAILURE_MESSAGES } from "@/lib/services/provisioning/failure-messages";
import { changeServiceStatusAction, moveToNodeAction, retryProvisioningAction, terminateServiceAction } from "./actions";
import { advanceServiceJobsAsOperator } from "@/lib/admin/services/advance-service-jobs-as-operator";
import { MoveToNodeForm } from "./move-to-node";
import { ServiceControls } from "./service-controls";

type Params = { params: Promise<{ id: string }> };

// One read per request, shared by the title and the page.
const loadService = cache(async (serviceId: string): Promise<AdminService> => {
  const ctx = await requireOperatorContext();
  // Jobs move when polled: bring this machine's up to now so the Jobs table shows where they are.
  await advanceServiceJobsAsOperator(ctx, { serviceId });
  try {
    return await getAdminServiceOrThrow(ctx, { serviceId });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const s = await loadService((await params).id);
  return { title: pageTitle(s.hostname ?? s.name, "Services") };
}

const KIND_LABEL: Record<string, string> = { vps: "VPS", dedicated: "Dedicated server", game: "Game server", transit: "IP transit", colocation: "Colocation", generic: "Service" };

function MachineCard({ s }: { s: AdminService }) {
  const m = s.machine;
  return (
    <Card>
      <CardHeader title="Machine" description={m ? (m.kind === "vps" ? "The virtual machine and the hypervisor it runs on." : "The server and the controller node that manages it.") : undefined} />
      {!m ? (
        <EmptyState title="No machine">
          {s.status === "pending" || s.status === "installing" || s.status === "pending_payment"
            ? "The machine is created when the build runs; this page shows it then."
            : "This service has no machine now (never built, built by hand, or removed when it ended)."}
        </EmptyState>
      ) : (
        <CardBody>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Detail label="Node">
              <Link href={`/admin/nodes/${m.node.id}`} className={linkClass}>
                {m.node.name}
              </Link>
              <span className="block text-xs text-neutral-500">{m.node.location.name}</span>
            </Detail>
            <Detail label={m.kind === "vps" ? "Machine name" : "Server"}>
              <span className="font-mono text-xs break-all">{m.name}</span>
            </Detail>
            {m.kind === "vps" ? (
              <>
                <Detail label="State">{statusLabel("vm", m.state)}</Detail>
                <Detail label="Size">{`${m.vcpus} vCPU, ${m.memoryMb / 1024} GB memory, ${m.diskGb} GB disk`}</Detail>
              </>
            ) : (
              <>
                <Detail label="Power">{statusLabel("dedicatedPower", m.powerState)}</Detail>
                <Detail label="Provisioning">{statusLabel("dedicatedProvision", m.provisionState)}</Detail>
                <Detail label="SKU">{m.sku}</Detail>
              </>
            )}
            <Detail label="Operating system">{m.osName ?? "—"}</Detail>
            <Detail label="Hostname on the machine">{m.hostname ?? "—"}</Detail>
          </dl>
        </CardBody>
      )}
    </Card>
  );
}

/** A job's state, with its step and progress while it runs (a node move takes minutes). */
function jobState(j: AdminServiceJob): string {
  const state = statusLabel("backendJob", j.state);
  if (j.state !== "running") return state;
  return `${state}${j.step ? `: ${j.step.replace(/_/g, " ")}` : ""} (${j.progress}%)`;
}

function MoveCard({ serviceId, move }: { serviceId: string; move: ServiceMoveOptions }) {
  return (
    <Card className="mt-6">
      <CardHeader
        title="Move to another node"
        description={move.source ? `The machine runs on ${move.source.name} in ${move.source.location}. It can move to another node of the same driver in that location, keeping its addresses.` : undefined}
      />
      {move.targets.length === 0 || !move.source ? (
        <EmptyState title={move.moving ? "A move is under way" : "No node to move to"}>
          {move.moving ? `${move.reason} ${move.moving.toNode ? `It is going to ${move.moving.toNode}; ` : ""}its progress is under Jobs.` : move.reason}
        </EmptyState>
      ) : (
        <CardBody>
          <MoveToNodeForm action={moveToNodeAction.bind(null, serviceId)} from={move.source.name} targets={move.targets} />
        </CardBody>
      )}
    </Card>
  );
}

export default async function ServicePage({ params }: Params) {
  const s = await loadService((await params).id);
  const move = s.product.kind === "vps" ? await listServiceMoveTargets(await requireOperatorContext(), { serviceId: s.id }) : null;
  const title = s.hostname ?? s.name;
  const customer = s.account.company ?? s.account.name;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/services" className="text-neutral-600 underline underline-offset-2">
          ← Services
        </Link>
      </p>
      <PageHeader
        title={title}
        description={
          <>
            {KIND_LABEL[s.product.kind] ?? s.product.kind} of{" "}
            <Link href={`/admin/customers/${s.account.id}`} className={linkClass}>
              {customer}
            </Link>
          </>
        }
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge kind="service" status={s.status} />
            <ServiceControls
              status={s.status}
              confirmName={title}
              changeStatus={changeServiceStatusAction.bind(null, s.id)}
              terminate={terminateServiceAction.bind(null, s.id)}
              retry={retryProvisioningAction.bind(null, s.id)}
            />
          </div>
        }
      />

      <div className="mb-6 space-y-3 empty:hidden">
        {s.status === "suspended" && (
          <Alert tone="warning" title="Suspended">
            Reason: {s.suspendReason ?? "none given"}.
          </Alert>
        )}
        {s.status === "provisioning_failed" && (
          <Alert tone="error" title="Setup failed">
            <p>
              {s.failureCode ? `${s.failureCode}: ${PROVISIONING_FAILURE_MESSAGES[s.failureCode as keyof typeof PROVISIONING_FAILURE_MESSAGES] ?? ""}` : "No failure code."}
            </p>
            {s.failureDetail && <p className="mt-1 font-mono text-xs break-all">{s.failureDetail}</p>}
          </Alert>
        )}
        {s.cancellationScheduledDate && s.status !== "terminated" && (
          <Alert tone="warning" title={`Cancellation scheduled for ${formatDate(s.cancellationScheduledDate)}`}>
            {s.cancellationReason ? `Reason: ${s.cancellationReason}` : "No reason given."}
          </Alert>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Customer and billing" />
          <CardBody>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Detail label="Customer">
                <Link href={`/admin/customers/${s.account.id}`} className={linkClass}>
                  {customer}
                </Link>
                <span className="block text-xs break-all text-neutral-500">{s.account.owner.email}</span>
                {s.account.status !== "active" && <StatusBadge kind="account" status={s.account.status} />}
              </Detail>
              <Detail label="Product">
                <Link href={`/admin/products/${s.product.id}`} className={linkClass}>
                  {s.product.name}
                </Link>
              </Detail>
              <Detail label="Price">{formatPricePer(s.amount, s.currency, s.billingCycle)}</Detail>
              <Detail label="Next due">{s.nextDueDate ? formatDate(s.nextDueDate) : "—"}</Detail>
              <Detail label="Location">{s.location?.name ?? "—"}</Detail>
              <Detail label="Order">
                {s.order ? (
                  <Link href={`/admin/orders/${s.order.id}`} className={`${linkClass} font-mono text-xs`}>
                    {s.order.orderNumber}
                  </Link>
                ) : (
                  "—"
                )}
              </Detail>
              <Detail label="Created">{formatDateTime(s.createdAt)}</Detail>
              <Detail label={s.terminatedAt ? "Terminated" : "Delivered"}>{s.terminatedAt ? formatDateTime(s.terminatedAt) : s.deliveredAt ? formatDateTime(s.deliveredAt) : "—"}</Detail>
            </dl>
          </CardBody>
        </Card>
        <MachineCard s={s} />
      </div>

      {move && <MoveCard serviceId={s.id} move={move} />}

      <Card className="mt-6">
        <CardHeader title="Addresses" description="Assigned to the machine now." />
        {s.addresses.length === 0 ? (
          <EmptyState title="No addresses">Addresses are assigned from the location&rsquo;s IP pools when the machine is built.</EmptyState>
        ) : (
          <Table head={["Address", "Family", "Use", "Reverse DNS"]} label="Addresses">
            {s.addresses.map((a) => (
              <tr key={a.address}>
                <Td className="font-mono text-xs break-all">{a.address}</Td>
                <Td className="whitespace-nowrap">{a.version === 6 ? "IPv6" : "IPv4"}</Td>
                <Td>{a.purpose === "primary" ? "Primary" : a.purpose === "additional" ? "Additional" : "—"}</Td>
                <Td className="break-all text-neutral-600">{a.reverseDns ?? "—"}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <Card className="mt-6">
        <CardHeader
          title="Jobs"
          description={`The latest ${SERVICE_JOBS_SHOWN} jobs on this service's machines, newest first: each build attempt, power actions, reinstalls, snapshots and moves to another node (with their step while they run). Errors are for operators only.`}
        />
        {s.jobs.length === 0 ? (
          <EmptyState title="No jobs">{s.provisionStartedAt ? `A build was claimed ${formatDateTime(s.provisionStartedAt)} but created no machine.` : "Nothing has run on a machine of this service."}</EmptyState>
        ) : (
          <Table head={["When", "Job", "State", "Error"]} label="Jobs">
            {s.jobs.map((j) => (
              <tr key={j.id}>
                <Td className="whitespace-nowrap text-neutral-600">{formatDateTime(j.createdAt)}</Td>
                <Td className="whitespace-nowrap">{j.label}</Td>
                <Td className="whitespace-nowrap">{jobState(j)}</Td>
                <Td className="text-neutral-600">{j.error ? [j.error.code, j.error.message].filter(Boolean).join(": ") : "—"}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <OperatorActivityCard entries={s.activity} of="this service" empty={<>Suspensions, terminations and setup retries from this page are recorded here and on the customer&rsquo;s page.</>} />
      <Toaster />
    </>
  );
}

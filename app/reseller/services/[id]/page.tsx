import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/app-shell";
import { ServiceStatusBadge } from "@/components/services/service-status-badge";
import { ActivityCard } from "@/components/services/activity-card";
import { UsageCard } from "@/components/services/usage-card";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Detail } from "@/components/ui/detail";
import { requireReseller } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { formatDate } from "@/lib/format/format-date";
import { findScopedServiceOrThrow } from "@/lib/services/find-scoped-service-or-throw";
import { listOsTemplates } from "@/lib/services/list-os-templates";
import { serviceContext } from "@/lib/services/service-context";
import { resellerServiceView } from "@/lib/services/reseller-service-view";
import { getResellerServiceActivityAction, getResellerServiceUsageAction } from "../actions";
import { ResellerServiceControls } from "./reseller-service-controls";
import { GameServerView } from "@/components/game/game-server-view";
import { gameDocument } from "@/lib/game/game-document";
import { getResellerGameAction, openResellerGameConsoleAction, resellerGamePowerAction, rotateResellerGameSftpAction, setResellerGameVarsAction } from "../game-actions";
import { pageTitle } from "@/components/layout/page-title";
import { formatPricePer } from "@/lib/format/format-price-per";
import { RelativeTime } from "@/components/ui/relative-time";

const gameActions = { load: getResellerGameAction, power: resellerGamePowerAction, openConsole: openResellerGameConsoleAction, rotateSftp: rotateResellerGameSftpAction, setVars: setResellerGameVarsAction };

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const viewer = await requireReseller();
  const { id } = await params;
  const service = await findScopedServiceOrThrow(getDb(), { accountId: viewer.reseller.accountId }, id).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  return { title: pageTitle(service && (service.hostname ?? service.name), "Services") };
}

const none = <span className="text-neutral-400">—</span>;

export default async function ResellerServicePage({ params }: { params: Promise<{ id: string }> }) {
  const viewer = await requireReseller();
  const { id } = await params;
  const db = getDb();
  const service = await findScopedServiceOrThrow(db, { accountId: viewer.reseller.accountId }, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  });
  const ctx = serviceContext({ db, actor: { accountId: viewer.reseller.accountId } });
  const [view, templates] = await Promise.all([resellerServiceView(ctx, { serviceId: service.id }), listOsTemplates(ctx, { serviceId: service.id }).catch(() => ({ templates: [] }))]);
  // A game service placed on a node: its game view (a refusal, e.g. not placed yet, shows none).
  const game =
    service.product.kind === "game"
      ? await gameDocument({ ...ctx, actor: { ...ctx.actor, kind: "game" } }, { serviceId: service.id }).catch((error: unknown) => {
          if (error instanceof DomainError) return null;
          throw error;
        })
      : null;

  return (
    <>
      <PageHeader
        title={view.hostname ?? view.name}
        description={`${view.productName} · ${view.id}`}
        actions={
          <Link href="/reseller/services" className="text-sm font-medium text-neutral-600 underline-offset-2 hover:underline">
            ← All services
          </Link>
        }
      />
      <div className="space-y-6">
        {view.failure && (
          <Alert tone="error" title="Setting up this service failed">
            {view.failure.message} <span className="font-mono text-xs">({view.failure.code})</span>
          </Alert>
        )}
        <Card>
          <CardHeader title="Overview" />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Detail label="Status">
                <ServiceStatusBadge status={view.status} />
                {view.suspendReason && <span className="ml-2 text-xs text-neutral-500">{view.suspendReason}</span>}
              </Detail>
              <Detail label="Customer">{view.externalCustomerId ?? none}</Detail>
              <Detail label="External order id">{view.externalOrderId ?? none}</Detail>
              <Detail label="Address">{view.address ? <span className="font-mono">{view.address}</span> : none}</Detail>
              <Detail label="Location">{view.location ?? none}</Detail>
              <Detail label="Wholesale">
                {formatPricePer(view.amount, view.currency, view.billingCycle)}
              </Detail>
              <Detail label="Next due">
                {view.nextDueDate ? (
                  <>
                    {formatDate(view.nextDueDate)} <span className="text-xs text-neutral-500">(<RelativeTime date={view.nextDueDate} now={ctx.now} />)</span>
                  </>
                ) : (
                  none
                )}
              </Detail>
              <Detail label="Created">{formatDate(view.createdAt)}</Detail>
            </dl>
          </CardBody>
        </Card>
        {view.machine && (view.status === "active" || view.status === "suspended") && <UsageCard serviceId={view.id} kind={view.machine.kind} load={getResellerServiceUsageAction} />}
        {game && <GameServerView serviceId={view.id} initial={game} can={{ power: true, console: true, manage: true }} actions={gameActions} />}
        <ResellerServiceControls initial={view} images={templates.templates.map((t) => ({ id: t.id, name: t.name, isDefault: t.isDefault }))} />
        {view.machine && view.status !== "terminated" && <ActivityCard serviceId={view.id} load={getResellerServiceActivityAction} />}
      </div>
    </>
  );
}

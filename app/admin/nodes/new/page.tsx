import type { Metadata } from "next";
import Link from "next/link";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { requireOperator } from "@/lib/auth/session";
import { registeredDrivers } from "@/lib/backends/registry";
import { getDb } from "@/lib/db/client";
import { createGameNodeAction, createNodeAction } from "../actions";
import { gameNodeFields } from "../game-node-fields";
import { nodeFields } from "../node-fields";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Add node", "Nodes") };

const KINDS = [
  { kind: "machines", label: "Hypervisor or BMC controller", href: "/admin/nodes/new" },
  { kind: "game", label: "Game node", href: "/admin/nodes/new?kind=game" },
] as const;

export default async function NewNodePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requireOperator();
  const kind = (await searchParams).kind === "game" ? "game" : "machines";
  const locations = await getDb().location.findMany({ orderBy: [{ sortOrder: "asc" }, { value: "asc" }] });
  return (
    <>
      <PageHeader title="Add node" description={<Link href="/admin/nodes" className="underline">All nodes</Link>} />
      {/* Game nodes take other fields (agent, ports), so each kind has its own form. */}
      <nav aria-label="Kind of node" className="mb-4 flex gap-1 border-b border-neutral-200">
        {KINDS.map((k) => (
          <Link
            key={k.kind}
            href={k.href}
            aria-current={k.kind === kind ? "page" : undefined}
            className={cn("-mb-px border-b-2 px-3 py-2 text-sm font-medium", k.kind === kind ? "border-neutral-900 text-neutral-900" : "border-transparent text-neutral-500 hover:text-neutral-800")}
          >
            {k.label}
          </Link>
        ))}
      </nav>
      <Card>
        {locations.length === 0 ? (
          <EmptyState title="Create a location first">
            A node lives in a location. <Link href="/admin/locations/new" className={linkClass}>Create a location</Link>.
          </EmptyState>
        ) : kind === "game" ? (
          <CardBody>
            <AdminForm
              label="New game node"
              action={createGameNodeAction}
              fields={gameNodeFields(locations)}
              values={{ connection: "remote", sftpPort: "2022", portRangeStart: "25565", portRangeEnd: "25664", memoryGb: "64", diskGb: "1000", enabled: "on" }}
              submitLabel="Add game node"
              pendingLabel="Adding…"
            />
          </CardBody>
        ) : (
          <CardBody>
            <AdminForm
              label="New node"
              action={createNodeAction}
              fields={nodeFields(locations, registeredDrivers())}
              values={{ kind: "vps", driver: "simulated-hypervisor", capacityVcpus: "128", capacityMemoryMb: "262144", capacityDiskGb: "3840", enabled: "on" }}
              submitLabel="Add node"
              pendingLabel="Adding…"
            />
          </CardBody>
        )}
      </Card>
    </>
  );
}

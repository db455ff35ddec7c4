import type { Metadata } from "next";
import Link from "next/link";
import { AdminForm } from "@/app/admin/_components/admin-form";
import { linkClass } from "@/app/admin/_components/table";
import { PageHeader } from "@/components/layout/app-shell";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { requireOperator } from "@/lib/auth/session";
import { registeredDrivers } from "@/lib/backends/registry";
import { getDb } from "@/lib/db/client";
import { createNodeAction } from "../actions";
import { nodeFields } from "../node-fields";

export const metadata: Metadata = { title: "Add node" };

export default async function NewNodePage() {
  await requireOperator();
  const locations = await getDb().location.findMany({ orderBy: [{ sortOrder: "asc" }, { value: "asc" }] });
  return (
    <>
      <PageHeader title="Add node" description={<Link href="/admin/nodes" className="underline">All nodes</Link>} />
      <Card>
        {locations.length === 0 ? (
          <EmptyState title="Create a location first">
            A node lives in a location. <Link href="/admin/locations/new" className={linkClass}>Create a location</Link>.
          </EmptyState>
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

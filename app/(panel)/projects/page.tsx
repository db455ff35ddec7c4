import { mayAccess } from "@/lib/accounts/account-access";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Toaster } from "@/components/ui/toast";
import { requireCustomer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listProjects } from "@/lib/projects/list-projects";
import { ProjectsManager } from "./projects-manager";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("Projects") };

export default async function ProjectsPage() {
  const viewer = await requireCustomer();
  if (!viewer.customer) {
    return (
      <>
        <PageHeader title="Projects" />
        <Card>
          <EmptyState title="Your sign-in is not linked to a customer account">Projects belong to a customer account. Ask its owner to add you as a team member.</EmptyState>
        </Card>
      </>
    );
  }
  if (!mayAccess(viewer.customer, "projects:view")) {
    return (
      <>
        <PageHeader title="Projects" />
        <Card>
          <EmptyState title="You can't see this account's projects">Seeing projects needs the services.view permission. Ask the account owner.</EmptyState>
        </Card>
      </>
    );
  }
  const db = getDb();
  const accountId = viewer.customer.accountId;
  const [projects, services] = await Promise.all([
    listProjects({ db, now: new Date(), actor: { accountId } }),
    db.service.findMany({
      where: { accountId, status: { not: "terminated" } },
      select: { id: true, name: true, hostname: true, projectId: true },
      orderBy: [{ hostname: "asc" }, { name: "asc" }],
      take: 500,
    }),
  ]);
  const defaultId = projects.find((p) => p.is_default)?.id ?? null;

  return (
    <>
      <Toaster />
      <PageHeader
        title="Projects"
        description="Group services, SSH keys and API keys by environment. Projects only decide what is shown together (and what a project API key can reach); invoices, credit and prices stay account-wide."
      />
      <ProjectsManager
        projects={projects}
        services={services.map((s) => ({ id: s.id, label: s.hostname ?? s.name, projectId: s.projectId ?? defaultId }))}
        canManage={mayAccess(viewer.customer, "projects:manage")}
        canDelete={mayAccess(viewer.customer, "projects:delete")}
      />
    </>
  );
}

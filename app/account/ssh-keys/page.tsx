import { mayAccess } from "@/lib/accounts/account-access";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Toaster } from "@/components/ui/toast";
import { listSshKeys } from "@/lib/accounts/account-ssh-keys";
import { requireViewer } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listProjects } from "@/lib/projects/list-projects";
import { SshKeysManager } from "./ssh-keys-manager";
import { pageTitle } from "@/components/layout/page-title";

export const metadata: Metadata = { title: pageTitle("SSH keys") };

export default async function SshKeysPage() {
  const viewer = await requireViewer("/account/ssh-keys");
  const customer = viewer.areas.customer;
  if (!customer) {
    return (
      <>
        <PageHeader title="SSH keys" />
        <Card>
          <EmptyState title="Your sign-in is not linked to a customer account">SSH keys belong to a customer account. Ask its owner to add you as a team member.</EmptyState>
        </Card>
      </>
    );
  }
  const db = getDb();
  const actor = { accountId: customer.accountId, userId: viewer.user.id };
  const [keys, projects] = await Promise.all([listSshKeys({ db, now: new Date(), actor }), listProjects({ db, now: new Date(), actor })]);

  return (
    <>
      <Toaster />
      <PageHeader
        title="SSH keys"
        description="Public keys installed on servers you order or reinstall, so you can sign in without a password. Every key of the account is installed; the project only groups them."
      />
      <SshKeysManager
        keys={keys.map((k) => ({ id: k.id, name: k.name, type: k.type, fingerprint: k.fingerprint, project: k.project.name, createdAt: k.created_at }))}
        projects={projects.map((p) => ({ id: p.id, name: p.name, isDefault: p.is_default }))}
        canManage={mayAccess(customer, "sshKeys:manage")}
      />
    </>
  );
}

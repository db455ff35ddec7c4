import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/app-shell";
import { pageTitle } from "@/components/layout/page-title";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { Toaster } from "@/components/ui/toast";
import { isAccountWritable, type AccountPermission } from "@/lib/accounts/account-permissions";
import { listTeam } from "@/lib/accounts/team/list-team";
import { PERMISSION_DESCRIPTIONS } from "@/lib/accounts/team/permission-descriptions";
import { knownPermissions } from "@/lib/accounts/team/team-invitation-payload";
import { requireCustomer } from "@/lib/auth/session";
import type { CustomerMembership } from "@/lib/auth/resolve-areas";
import { getDb } from "@/lib/db/client";
import { formatDate } from "@/lib/format/format-date";
import { InviteForm } from "./invite-form";
import { MemberPermissionsRow } from "./member-permissions-row";
import { RevokeInvitationButton } from "./revoke-invitation-button";

export const metadata: Metadata = { title: pageTitle("Team") };

/**
 * The account's team (docs/accounts.md#teams). The owner manages it here; a member sees, read-only,
 * what they may do and whom to ask, which is more use to them than being sent away.
 */
export default async function TeamPage() {
  const viewer = await requireCustomer();
  const customer = viewer.customer;
  if (!customer) {
    return (
      <>
        <PageHeader title="Team" />
        <Card>
          <EmptyState title="Your sign-in is not linked to a customer account">A team belongs to a customer account. Ask its owner to invite you.</EmptyState>
        </Card>
      </>
    );
  }
  if (customer.role !== "owner") return <YourPermissions customer={customer} />;

  const now = new Date();
  const team = await listTeam({ db: getDb(), now }, { userId: viewer.user.id, membership: customer });
  const writable = isAccountWritable(customer.accountStatus);

  return (
    <>
      <Toaster />
      <PageHeader title="Team" description={`People who work on ${team.accountName} with you, and what each of them may do.`} />
      <div className="space-y-6">
        <Card>
          <CardHeader
            title="Members"
            description={`You (${team.owner.email}) own the account and hold every permission. A change applies from the member's next click, in the panel and through their API keys.`}
          />
          {team.members.length === 0 ? (
            <EmptyState icon={<UsersIcon className="size-5" />} title="No team members yet">
              Invite a colleague below: they get their own sign-in, and only the permissions you choose.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-neutral-100">
              {team.members.map((m) => (
                <MemberPermissionsRow key={m.id} member={{ id: m.id, name: m.name, email: m.email, permissions: m.permissions, joined: formatDate(m.joinedAt) }} />
              ))}
            </ul>
          )}
        </Card>

        {team.invitations.length > 0 && (
          <Card>
            <CardHeader title="Invitations waiting" description="Each link works once, until it expires. Revoke one to stop its link at once." />
            <ul className="divide-y divide-neutral-100">
              {team.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-5 py-3">
                  <div className="min-w-0 wrap-anywhere">
                    <p className="text-sm font-medium text-neutral-900">{i.email}</p>
                    <p className="text-xs text-neutral-500">
                      {i.permissions.map((p) => PERMISSION_DESCRIPTIONS[p].title).join(", ")} · sent {formatDate(i.sentAt)} · expires <RelativeTime date={i.expiresAt} now={now} />
                    </p>
                  </div>
                  <RevokeInvitationButton invitationId={i.id} email={i.email} />
                </li>
              ))}
            </ul>
          </Card>
        )}

        <Card>
          <CardHeader title="Invite a colleague" description="Inviting an address that has an invitation waiting sends a new one and stops the old link." />
          <CardBody>
            {writable ? (
              <InviteForm />
            ) : (
              <Alert tone="warning">The account is suspended: nobody can be invited until it is reactivated. You can still remove members and revoke invitations.</Alert>
            )}
          </CardBody>
        </Card>
      </div>
    </>
  );
}

/** A member's view: their own permissions, in words, and who can change them. */
function YourPermissions({ customer }: { customer: CustomerMembership }) {
  const held = new Set<AccountPermission>(customer.permissions === "all" ? [] : knownPermissions(customer.permissions));
  return (
    <>
      <PageHeader title="Team" description={`You are a member of ${customer.accountName}. Only its owner can manage the team.`} />
      <Card>
        <CardHeader title="Your permissions" description="Ask the account owner if you need more, or fewer." />
        <ul className="divide-y divide-neutral-100">
          {(Object.keys(PERMISSION_DESCRIPTIONS) as AccountPermission[]).map((p) => (
            <li key={p} className="flex gap-3 px-5 py-3">
              <span aria-hidden className={held.has(p) ? "text-emerald-600" : "text-neutral-300"}>
                {held.has(p) ? "✓" : "–"}
              </span>
              <div className="min-w-0 text-sm">
                <p className={held.has(p) ? "font-medium text-neutral-900" : "text-neutral-500"}>
                  {PERMISSION_DESCRIPTIONS[p].title}
                  <span className="sr-only">{held.has(p) ? ": you have this" : ": you do not have this"}</span>
                </p>
                <p className="text-neutral-500">{PERMISSION_DESCRIPTIONS[p].description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}

import { PageHeader } from "@/components/layout/app-shell";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";

/** What a viewer without an account, or without the permission a billing page needs, sees instead. */
export function NoBillingAccess({ title, linked, permission }: { title: string; linked: boolean; permission: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        {linked ? (
          <EmptyState title="Not visible with your role">Ask the account owner for the {permission} permission.</EmptyState>
        ) : (
          <EmptyState title="Your sign-in is not linked to a customer account">
            Ask the owner of your company&apos;s Rackfront account to add you as a team member.
          </EmptyState>
        )}
      </Card>
    </>
  );
}

import { AppShell } from "@/components/layout/app-shell";
import { QueryProvider } from "@/components/providers/query-provider";
import { Alert } from "@/components/ui/alert";
import { isAccountWritable } from "@/lib/accounts/account-permissions";
import { requireCustomer } from "@/lib/auth/session";

export default async function PanelLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireCustomer();
  // Say it before anyone tries: every change would be refused (docs/decisions.md#r2).
  const readOnly = viewer.customer && !isAccountWritable(viewer.customer.accountStatus);

  return (
    <AppShell area="customer" viewer={viewer} subtitle={viewer.customer?.accountName}>
      {readOnly && viewer.customer?.accountStatus === "pending" ? (
        <Alert tone="info" title="Your account is awaiting approval" className="mb-6">
          We check new accounts before their first order. You can look around now; ordering and changes open once the account is approved, and we will email you then.
        </Alert>
      ) : readOnly ? (
        <Alert tone="warning" title="This account is suspended" className="mb-6">
          You can look at everything, but nothing can be ordered, paid or changed until it is reactivated. Contact support to reactivate it.
        </Alert>
      ) : null}
      <QueryProvider>{children}</QueryProvider>
    </AppShell>
  );
}

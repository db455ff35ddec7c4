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
      {readOnly && (
        <Alert tone="warning" title="This account is suspended" className="mb-6">
          You can look at everything, but nothing can be ordered, paid or changed until it is reactivated. Contact support to reactivate it.
        </Alert>
      )}
      <QueryProvider>{children}</QueryProvider>
    </AppShell>
  );
}

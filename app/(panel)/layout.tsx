import { AppShell } from "@/components/layout/app-shell";
import { QueryProvider } from "@/components/providers/query-provider";
import { requireCustomer } from "@/lib/auth/session";

export default async function PanelLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireCustomer();

  return (
    <AppShell area="customer" viewer={viewer} subtitle={viewer.customer?.accountName}>
      <QueryProvider>{children}</QueryProvider>
    </AppShell>
  );
}

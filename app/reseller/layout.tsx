import { AppShell } from "@/components/layout/app-shell";
import { QueryProvider } from "@/components/providers/query-provider";
import { requireReseller } from "@/lib/auth/session";

export default async function ResellerLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireReseller();

  return (
    <AppShell area="reseller" viewer={viewer} subtitle={viewer.reseller.accountName}>
      <QueryProvider>{children}</QueryProvider>
    </AppShell>
  );
}

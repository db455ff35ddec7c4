import { AppShell } from "@/components/layout/app-shell";
import { QueryProvider } from "@/components/providers/query-provider";
import { requireViewer } from "@/lib/auth/session";

// Account pages belong to every user; they are framed by the user's home area.
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireViewer("/account/security");

  return (
    <AppShell area={viewer.home} viewer={viewer} subtitle={viewer.home === "customer" ? viewer.areas.customer?.accountName : viewer.home === "reseller" ? viewer.areas.reseller?.accountName : undefined}>
      <QueryProvider>{children}</QueryProvider>
    </AppShell>
  );
}

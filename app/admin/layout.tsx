import { AppShell } from "@/components/layout/app-shell";
import { requireOperator } from "@/lib/auth/session";

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireOperator();

  return (
    <AppShell area="admin" viewer={viewer}>
      {children}
    </AppShell>
  );
}

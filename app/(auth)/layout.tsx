import { Logo } from "@/components/layout/logo";
import { SkipLink } from "@/components/layout/skip-link";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <SkipLink />
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Logo className="text-lg" />
        </div>
        <main id="content" tabIndex={-1} className="focus:outline-none">
          {children}
        </main>
      </div>
      <p className="mt-10 text-xs text-neutral-500">Rackfront hosting portal</p>
    </div>
  );
}

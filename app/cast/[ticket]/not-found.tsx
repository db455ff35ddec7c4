import { Logo } from "@/components/layout/logo";
import { CAST_NOT_FOUND } from "@/lib/services/service-rules";

/** The one page for an unknown, expired, revoked or terminated link: nothing tells them apart. */
export default function CastNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <Logo className="mb-10 text-lg" />
      <p className="text-sm font-medium text-neutral-500">404</p>
      <h1 className="mt-1 max-w-md text-xl font-semibold tracking-tight">{CAST_NOT_FOUND}.</h1>
      <p className="mt-2 max-w-sm text-sm text-neutral-500">Ask whoever sent it for a new link.</p>
    </main>
  );
}

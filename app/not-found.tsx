import Link from "next/link";
import { Logo } from "@/components/layout/logo";
import { buttonClasses } from "@/components/ui/button-classes";

export default function NotFound() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <Logo className="mb-10 text-lg" />
      <p className="text-sm font-medium text-neutral-500">404</p>
      <h1 className="mt-1 text-xl font-semibold tracking-tight">This page does not exist</h1>
      <p className="mt-2 max-w-sm text-sm text-neutral-500">The address may be mistyped, or the page is not part of your account.</p>
      <Link href="/" className={buttonClasses({ variant: "secondary", className: "mt-6" })}>
        Go to your dashboard
      </Link>
    </div>
  );
}

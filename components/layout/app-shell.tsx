import Link from "next/link";
import { AREA_HOME, enterableAreas, type Area } from "@/lib/auth/resolve-areas";
import type { Viewer } from "@/lib/auth/session";
import { ArrowRightIcon } from "@/components/ui/icons";
import { AccountMenu } from "./account-menu";
import { Logo } from "./logo";
import { ACCOUNT_NAV, AREA_LABEL, AREA_NAV } from "./nav";
import { SidebarNav } from "./sidebar-nav";

/**
 * The frame shared by the customer panel, the reseller portal and the operator console:
 * sidebar with the area's pages, links to the user's other areas, account menu top right.
 */
export function AppShell({ area, viewer, subtitle, children }: { area: Area; viewer: Viewer; subtitle?: string; children: React.ReactNode }) {
  const otherAreas = enterableAreas(viewer.areas).filter((a) => a !== area);

  return (
    <div className="min-h-screen md:grid md:grid-cols-[15rem_1fr]">
      {/* The column carries background and border so they run the page's full height; the sidebar
          inside it stays in view while the page scrolls. */}
      <div className="border-b border-neutral-200 bg-white md:border-r md:border-b-0">
        <aside className="md:sticky md:top-0 md:flex md:h-screen md:flex-col">
          <div className="flex h-14 items-center justify-between px-4 md:px-5">
            <Link href={AREA_HOME[area]} className="rounded-md">
              <Logo />
            </Link>
            <div className="md:hidden">
              <AccountMenu name={viewer.user.name} email={viewer.user.email} />
            </div>
          </div>
          <div className="px-3 pb-3 md:flex md:flex-1 md:flex-col md:pt-2">
            <p className="px-2.5 pb-2 text-xs font-medium tracking-wide text-neutral-500 uppercase">{AREA_LABEL[area]}</p>
            {subtitle && <p className="-mt-1 truncate px-2.5 pb-3 text-sm text-neutral-700">{subtitle}</p>}
            <div className="overflow-x-auto">
              <SidebarNav items={AREA_NAV[area]} label={AREA_LABEL[area]} />
            </div>
            <div className="mt-4 hidden md:block">
              <p className="px-2.5 pb-2 text-xs font-medium tracking-wide text-neutral-500 uppercase">Account</p>
              <SidebarNav items={ACCOUNT_NAV.filter((item) => !item.customerOnly || viewer.areas.customer)} label="Account" />
            </div>
            {otherAreas.length > 0 && (
              <div className="mt-4 md:mt-auto md:border-t md:border-neutral-100 md:pt-3">
                <p className="px-2.5 pb-1.5 text-xs text-neutral-500">Switch to</p>
                <ul className="flex gap-1 md:flex-col">
                  {otherAreas.map((a) => (
                    <li key={a}>
                      <Link
                        href={AREA_HOME[a]}
                        className="flex items-center justify-between gap-2 rounded-md px-2.5 py-1.5 text-sm text-neutral-600 hover:bg-neutral-50 hover:text-neutral-900"
                      >
                        {AREA_LABEL[a]}
                        <ArrowRightIcon className="size-3.5 text-neutral-400" />
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </aside>
      </div>
      <div className="min-w-0">
        <header className="sticky top-0 z-10 hidden h-14 items-center justify-end border-b border-neutral-200 bg-white/80 px-6 backdrop-blur md:flex">
          <AccountMenu name={viewer.user.name} email={viewer.user.email} />
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6 md:px-8 md:py-8">{children}</main>
      </div>
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-neutral-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-neutral-500">{description}</p>}
      </div>
      {actions}
    </div>
  );
}

import Link from "next/link";
import { AREA_HOME, enterableAreas, type Area } from "@/lib/auth/resolve-areas";
import type { Viewer } from "@/lib/auth/session";
import { ArrowRightIcon } from "@/components/ui/icons";
import { AccountMenu } from "./account-menu";
import { Logo } from "./logo";
import { NavPanel } from "./nav-panel";
import { ACCOUNT_NAV, AREA_LABEL, AREA_NAV } from "./nav";
import { SidebarNav } from "./sidebar-nav";
import { ImpersonationBanner } from "./impersonation-banner";
import { SkipLink } from "./skip-link";

/**
 * The frame shared by the customer panel, the reseller portal and the operator console:
 * sidebar with the area's pages, links to the user's other areas, account menu top right. On small
 * screens the sidebar folds into a menu button (NavPanel). A skip link leads past it to <main>.
 */
export function AppShell({ area, viewer, subtitle, children }: { area: Area; viewer: Viewer; subtitle?: string; children: React.ReactNode }) {
  const otherAreas = enterableAreas(viewer.areas).filter((a) => a !== area);

  return (
    <div className="min-h-screen md:grid md:grid-cols-[15rem_1fr]">
      <SkipLink />
      {viewer.impersonation && <ImpersonationBanner impersonation={viewer.impersonation} userEmail={viewer.user.email} />}
      {/* The column carries background and border so they run the page's full height; the sidebar
          inside it stays in view while the page scrolls. */}
      <div className="border-b border-neutral-200 bg-white md:border-r md:border-b-0">
        <aside className="md:sticky md:top-0 md:flex md:h-screen md:flex-col">
          <NavPanel
            top={
              <>
                <Link href={AREA_HOME[area]} className="rounded-md">
                  <Logo />
                </Link>
                <div className="ml-auto md:hidden">
                  <AccountMenu name={viewer.user.name} email={viewer.user.email} />
                </div>
              </>
            }
          >
            <p className="px-2.5 pb-2 text-xs font-medium tracking-wide text-neutral-500 uppercase">{AREA_LABEL[area]}</p>
            {subtitle && <p className="-mt-1 truncate px-2.5 pb-3 text-sm text-neutral-700">{subtitle}</p>}
            <SidebarNav items={AREA_NAV[area].filter((item) => !item.ownerOnly || viewer.areas.customer?.role === "owner")} label={AREA_LABEL[area]} />
            <div className="mt-4">
              <p className="px-2.5 pb-2 text-xs font-medium tracking-wide text-neutral-500 uppercase">Account</p>
              <SidebarNav items={ACCOUNT_NAV.filter((item) => !item.customerOnly || viewer.areas.customer)} label="Account" />
            </div>
            {otherAreas.length > 0 && (
              <div className="mt-4 md:mt-auto md:border-t md:border-neutral-100 md:pt-3">
                <p className="px-2.5 pb-1.5 text-xs text-neutral-500">Switch to</p>
                <ul className="flex flex-col gap-1">
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
          </NavPanel>
        </aside>
      </div>
      <div className="min-w-0">
        <header className="sticky top-0 z-10 hidden h-14 items-center justify-end border-b border-neutral-200 bg-white/80 px-6 backdrop-blur md:flex">
          <AccountMenu name={viewer.user.name} email={viewer.user.email} />
        </header>
        {/* tabIndex -1: the skip link moves focus here, not only the scroll position. */}
        <main id="content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none md:px-8 md:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      {/* min-w-0 and wrap-anywhere: a long unbroken name (a hostname, a product) wraps instead of widening the page. */}
      <div className="min-w-0 max-w-full wrap-anywhere">
        <h1 className="text-xl font-semibold tracking-tight text-neutral-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-neutral-500">{description}</p>}
      </div>
      {actions}
    </div>
  );
}

import { cn } from "@/components/ui/cn";

const TABS = [
  { href: "/billing/invoices", label: "Invoices" },
  { href: "/billing/proformas", label: "Proformas" },
  { href: "/billing/credit", label: "Credit and transactions" },
  { href: "/billing/cards", label: "Cards" },
] as const;

/** The billing pages, one row of links; the current one is marked for assistive technology too. */
export function BillingTabs({ current }: { current: (typeof TABS)[number]["href"] }) {
  return (
    <nav aria-label="Billing" className="mb-6 flex gap-1 overflow-x-auto border-b border-neutral-200">
      {TABS.map((t) => (
        <a
          key={t.href}
          href={t.href}
          aria-current={t.href === current ? "page" : undefined}
          className={cn(
            "-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
            t.href === current ? "border-neutral-900 text-neutral-900" : "border-transparent text-neutral-500 hover:text-neutral-900",
          )}
        >
          {t.label}
        </a>
      ))}
    </nav>
  );
}

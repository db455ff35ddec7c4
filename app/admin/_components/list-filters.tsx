import Link from "next/link";
import type { ReactNode } from "react";
import { linkClass } from "@/app/admin/_components/table";
import { buttonClasses } from "@/components/ui/button-classes";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/input";

// The filter bar of the console's lists (services, orders, invoices): a GET form, so a filtered
// list is a link an operator can share, with "Clear" back to `base` while anything is filtered.

export function FilterForm({ label, base, filtered, children }: { label: string; base: string; filtered: boolean; children: ReactNode }) {
  return (
    <form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-3">
      {children}
      <button type="submit" className={buttonClasses({ variant: "secondary" })}>
        Filter
      </button>
      {filtered && (
        <Link href={base} className={buttonClasses({ variant: "ghost" })}>
          Clear
        </Link>
      )}
    </form>
  );
}

/** A choice with "Any" first (no filter). */
export function FilterSelect({ label, name, value, options }: { label: string; name: string; value: string | null; options: Array<{ id: string; name: string }> }) {
  return (
    <label className="min-w-0 flex-1 basis-36 space-y-1.5 text-sm font-medium text-neutral-800">
      <span className="block">{label}</span>
      <select name={name} defaultValue={value ?? ""} className={inputClasses}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterSearch({ label, value, maxLength, placeholder }: { label: string; value: string | null; maxLength: number; placeholder: string }) {
  return (
    <label className="min-w-0 flex-[2] basis-56 space-y-1.5 text-sm font-medium text-neutral-800">
      <span className="block">{label}</span>
      <input type="search" name="q" defaultValue={value ?? ""} maxLength={maxLength} placeholder={placeholder} className={inputClasses} />
    </label>
  );
}

/**
 * What an empty page of a list says: nothing matches the filters (`noMatch`), the page is past the
 * last one, or there is nothing yet (`none`).
 */
export function ListEmpty({ base, filtered, page, noMatch, none }: { base: string; filtered: boolean; page: number; noMatch: { title: string; body: ReactNode }; none: { title: string; body: ReactNode } }) {
  if (filtered) {
    return (
      <EmptyState title={noMatch.title}>
        {noMatch.body} Change a filter or{" "}
        <Link href={base} className={linkClass}>
          clear them
        </Link>{" "}
        to see every one.
      </EmptyState>
    );
  }
  if (page > 1) {
    return (
      <EmptyState title="This page is past the last one">
        <Link href={base} className={linkClass}>
          Go to the first page
        </Link>
        .
      </EmptyState>
    );
  }
  return <EmptyState title={none.title}>{none.body}</EmptyState>;
}

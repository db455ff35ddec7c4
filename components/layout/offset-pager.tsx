import { buttonClasses } from "@/components/ui/button-classes";

/**
 * "26–50 of 73" with Newer / Older links under a newest-first list. `href` builds the link for an
 * offset, keeping the page's filters. Nothing is shown when everything fits on one page.
 */
export function OffsetPager({ offset, pageSize, total, href }: { offset: number; pageSize: number; total: number; href: (offset: number) => string }) {
  if (total <= pageSize) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between border-t border-neutral-100 px-5 py-3 text-sm text-neutral-600">
      <span>
        {offset + 1}–{Math.min(offset + pageSize, total)} of {total}
      </span>
      <span className="flex gap-2">
        {offset > 0 && (
          <a className={buttonClasses({ variant: "secondary", size: "sm" })} href={href(Math.max(0, offset - pageSize))}>
            Newer
          </a>
        )}
        {offset + pageSize < total && (
          <a className={buttonClasses({ variant: "secondary", size: "sm" })} href={href(offset + pageSize)}>
            Older
          </a>
        )}
      </span>
    </nav>
  );
}

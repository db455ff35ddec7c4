import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";

/**
 * "Page 2 of 5" with Previous / Next links under a paged list. `href` builds a page's link, keeping
 * the page's filters. Nothing is shown when everything fits on one page.
 */
export function PagePager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between border-t border-neutral-100 px-5 py-3 text-sm text-neutral-600">
      <span>
        Page {page} of {pages}
      </span>
      <span className="flex gap-2">
        {page > 1 && (
          <Link href={href(page - 1)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Previous
          </Link>
        )}
        {page < pages && (
          <Link href={href(page + 1)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Next
          </Link>
        )}
      </span>
    </nav>
  );
}

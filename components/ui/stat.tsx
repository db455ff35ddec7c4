import Link from "next/link";
import { cn } from "./cn";

/**
 * A labelled figure for dashboards. With `href` the whole card is a link to what it counts: the label
 * is the link (its name), stretched over the card, so the figure stays a `dd` of the list.
 */
export function Stat({ label, value, detail, href, className }: { label: string; value: React.ReactNode; detail?: React.ReactNode; href?: string; className?: string }) {
  return (
    <div
      className={cn(
        "rounded-lg border border-neutral-200 bg-white px-5 py-4 shadow-xs",
        href && "relative transition-colors hover:border-neutral-300 hover:bg-neutral-50 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-neutral-900 has-[a:focus-visible]:ring-offset-2",
        className,
      )}
    >
      <dt className="text-sm text-neutral-500">
        {href ? (
          <Link href={href} className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none">
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-neutral-900 tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 text-xs text-neutral-500">{detail}</dd>}
    </div>
  );
}

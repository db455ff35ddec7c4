import { Badge } from "@/components/ui/badge";
import type { ApiKeyState } from "@/lib/api-keys/customer-api-key-row";
import { formatDate } from "@/lib/format/format-date";
import { formatDateTime } from "@/lib/format/format-date-time";
import { RelativeTime } from "@/components/ui/relative-time";

// Table cells both key lists share (server-rendered; `now` comes from the page).

export function LastUsedCell({ lastUsedAt, now }: { lastUsedAt: Date | null; now: Date }) {
  if (!lastUsedAt) return <span className="text-neutral-500">Never</span>;

  return <RelativeTime date={lastUsedAt} now={now} />;
}

const SOON_MS = 7 * 86_400_000;

export function ExpiryCell({ expiresAt, state, now }: { expiresAt: Date | null; state: ApiKeyState; now: Date }) {
  if (!expiresAt) return <span className="text-neutral-500">Never</span>;
  const soon = state === "active" && expiresAt.getTime() - now.getTime() < SOON_MS;

  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <time dateTime={expiresAt.toISOString()} title={formatDateTime(expiresAt)}>
        {formatDate(expiresAt)}
      </time>
      {state === "expired" && <Badge tone="red">Expired</Badge>}
      {soon && <Badge tone="amber">Soon</Badge>}
    </span>
  );
}

export function ScopeList({ scopes }: { scopes: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {scopes.map((s) => (
        <li key={s}>
          <code className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-xs text-neutral-700">{s}</code>
        </li>
      ))}
    </ul>
  );
}

export const thClasses = "px-4 py-2 text-left text-xs font-medium whitespace-nowrap text-neutral-500";
export const tdClasses = "px-4 py-3 align-top text-sm text-neutral-700";
/** Columns shown from md up; below that the first cell carries a summary (<NarrowSummary>). */
export const wideOnly = "hidden md:table-cell";

/** The other columns as a small list inside the first cell, for phone widths. */
export function NarrowSummary({ items, actions }: { items: [string, React.ReactNode][]; actions: React.ReactNode }) {
  return (
    <div className="mt-2 md:hidden">
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1.5 text-xs">
        {items.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-neutral-500">{term}</dt>
            <dd className="text-neutral-700">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="-ml-3 mt-1.5 flex gap-1">{actions}</div>
    </div>
  );
}

/** The key's label with its prefix under it, at the top of the first cell. */
export function KeyName({ label, prefix }: { label: string; prefix: string }) {
  return (
    <>
      <p className="font-medium text-neutral-900">{label}</p>
      <p className="mt-0.5 font-mono text-xs text-neutral-500">{prefix}</p>
    </>
  );
}

/** The scopes column (from md up). */
export function ScopesCell({ scopes }: { scopes: readonly string[] }) {
  return (
    <td className={`${tdClasses} ${wideOnly} min-w-52`}>
      <ScopeList scopes={scopes} />
    </td>
  );
}

/** The header of the buttons column: named for screen readers only. */
export function ActionsHeader() {
  return (
    <th scope="col" className={`${thClasses} ${wideOnly}`}>
      <span className="sr-only">Actions</span>
    </th>
  );
}

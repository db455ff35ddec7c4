import { RelativeTime } from "@/components/ui/relative-time";

/** Revoked keys, folded away under the list: struck through, with when they were revoked. */
export function RevokedKeys({ keys, now }: { keys: { id: string; label: string; prefix: string; revokedAt: Date | null }[]; now: Date }) {
  if (keys.length === 0) return null;

  return (
    <details className="rounded-lg border border-neutral-200 bg-white shadow-xs">
      <summary className="cursor-pointer px-5 py-3 text-sm font-medium text-neutral-700 select-none">Revoked keys ({keys.length})</summary>
      <ul className="divide-y divide-neutral-100 border-t border-neutral-100">
        {keys.map((k) => (
          <li key={k.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-5 py-2.5 text-sm">
            <span className="min-w-0">
              <s className="text-neutral-500">{k.label}</s> <span className="font-mono text-xs text-neutral-500">{k.prefix}</span>
            </span>
            {k.revokedAt && (
              <span className="text-xs text-neutral-500">
                Revoked <RelativeTime date={k.revokedAt} now={now} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

import { formatDate } from "@/lib/format/format-date";
import type { ApiKeyState } from "@/lib/api-keys/customer-api-key-row";
import { ActionsHeader, ExpiryCell, KeyName, LastUsedCell, NarrowSummary, ScopeList, ScopesCell, tdClasses, thClasses, wideOnly } from "./key-cells";
import { RevokeKeyButton } from "./revoke-key-button";
import { ScrollBox } from "@/components/ui/scroll-box";

/** What every key list row has, whichever API the key is for. */
export type ApiKeyTableRow = {
  id: string;
  label: string;
  prefix: string;
  scopes: readonly string[];
  state: ApiKeyState;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
};

/** A column of one API's keys between Scopes and Created; also listed in the phone-width summary. */
export type ApiKeyColumn<K> = { header: string; cell: (key: K) => React.ReactNode; className?: string };

/**
 * Unrevoked keys (active and expired): the key, its scopes, the API's own columns, when it was
 * created, last used and expires, and its buttons (the page's `actions`, then Revoke).
 */
export function ApiKeyTable<K extends ApiKeyTableRow>({
  keys,
  now,
  columns,
  note,
  createdBy,
  createdFrom = "md",
  actions,
  revoke,
  revokeConsequence,
}: {
  keys: K[];
  now: Date;
  columns: ApiKeyColumn<K>[];
  /** A line under the key's name (the customer API's IP allowlist). */
  note?: (key: K) => React.ReactNode;
  /** Who created the key, when the viewer should be told (under the date). */
  createdBy?: (key: K) => string | null;
  /** From which width the Created column shows. */
  createdFrom?: "md" | "2xl";
  /** Buttons before Revoke (the reseller portal's Edit). */
  actions?: (key: K) => React.ReactNode;
  revoke: React.ComponentProps<typeof RevokeKeyButton>["revoke"];
  /** What revoking stops, after "… stops working at once:". */
  revokeConsequence: string;
}) {
  const createdClasses = createdFrom === "md" ? wideOnly : "hidden 2xl:table-cell";

  return (
    <ScrollBox label="API keys">
      <table className="w-full">
        <thead>
          <tr className="border-b border-neutral-100">
            <th scope="col" className={thClasses}>Key</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Scopes</th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`${thClasses} ${wideOnly}`}>
                {c.header}
              </th>
            ))}
            <th scope="col" className={`${thClasses} ${createdClasses}`}>Created</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Last used</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Expires</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {keys.map((k) => {
            const cells = columns.map((c) => c.cell(k));
            const lastUsed = <LastUsedCell lastUsedAt={k.lastUsedAt} now={now} />;
            const expiry = <ExpiryCell expiresAt={k.expiresAt} state={k.state} now={now} />;
            const by = createdBy?.(k);
            const buttons = (
              <>
                {actions?.(k)}
                <RevokeKeyButton keyId={k.id} label={k.label} prefix={k.prefix} consequence={revokeConsequence} revoke={revoke} />
              </>
            );

            return (
              <tr key={k.id} aria-label={k.label}>
                <td className={`${tdClasses} md:min-w-44`}>
                  <KeyName label={k.label} prefix={k.prefix} />
                  {note?.(k)}
                  <NarrowSummary
                    items={[
                      ["Scopes", <ScopeList key="s" scopes={k.scopes} />],
                      ...columns.map((c, i): [string, React.ReactNode] => [c.header, cells[i]]),
                      ["Last used", lastUsed],
                      ["Expires", expiry],
                    ]}
                    actions={buttons}
                  />
                </td>
                <ScopesCell scopes={k.scopes} />
                {columns.map((c, i) => (
                  <td key={c.header} className={`${tdClasses} ${wideOnly} ${c.className ?? ""}`}>
                    {cells[i]}
                  </td>
                ))}
                <td className={`${tdClasses} ${createdClasses} whitespace-nowrap`}>
                  {formatDate(k.createdAt)}
                  {by && <p className="text-xs text-neutral-500">by {by}</p>}
                </td>
                <td className={`${tdClasses} ${wideOnly} whitespace-nowrap`}>{lastUsed}</td>
                <td className={`${tdClasses} ${wideOnly} whitespace-nowrap`}>{expiry}</td>
                <td className={`${tdClasses} ${wideOnly} text-right whitespace-nowrap`}>{buttons}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}

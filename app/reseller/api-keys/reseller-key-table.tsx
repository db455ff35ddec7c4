import { ActionsHeader, ExpiryCell, KeyName, LastUsedCell, NarrowSummary, ScopeList, ScopesCell, tdClasses, thClasses, wideOnly } from "@/components/api-keys/key-cells";
import { RevokeKeyButton } from "@/components/api-keys/revoke-key-button";
import { utcDayOf } from "@/lib/api-keys/expiry-date";
import type { ResellerApiKeyRow } from "@/lib/api-keys/reseller-api-key-row";
import { formatDate } from "@/lib/format/format-date";
import { revokeResellerApiKeyAction } from "./actions";
import { EditKeyButton } from "./edit-key-button";

/** Unrevoked keys (active and expired) with edit and revoke. */
export function ResellerKeyTable({ keys, now, today }: { keys: ResellerApiKeyRow[]; now: Date; today: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full">
        <thead>
          <tr className="border-b border-neutral-100">
            <th scope="col" className={thClasses}>Key</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Scopes</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Customer</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Limit / hour</th>
            <th scope="col" className={`${thClasses} hidden 2xl:table-cell`}>Created</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Last used</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Expires</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {keys.map((k) => {
            const customer = k.customer ? (
              <>
                <span className="font-mono text-xs text-neutral-800">{k.customer.externalCustomerId}</span>
                {k.customer.name && <span className="block text-xs text-neutral-500">{k.customer.name}</span>}
              </>
            ) : (
              <span className="text-neutral-400">Every customer</span>
            );
            const limit = k.hourlyLimit !== null ? k.hourlyLimit.toLocaleString("en-GB") : <span className="text-neutral-400">Account&apos;s</span>;
            const lastUsed = <LastUsedCell lastUsedAt={k.lastUsedAt} now={now} />;
            const expiry = <ExpiryCell expiresAt={k.expiresAt} state={k.state} now={now} />;
            const actions = (
              <>
                <EditKeyButton keyId={k.id} label={k.label} expiresOn={k.expiresAt ? utcDayOf(k.expiresAt) : ""} scopes={k.scopes} today={today} />
                <RevokeKeyButton
                  keyId={k.id}
                  label={k.label}
                  prefix={k.prefix}
                  consequence="requests made with it get 401 and its slot is freed."
                  revoke={revokeResellerApiKeyAction}
                />
              </>
            );

            return (
              <tr key={k.id} aria-label={k.label}>
                <td className={`${tdClasses} md:min-w-44`}>
                  <KeyName label={k.label} prefix={k.prefix} />
                  <NarrowSummary
                    items={[
                      ["Scopes", <ScopeList key="s" scopes={k.scopes} />],
                      ["Customer", customer],
                      ["Limit / hour", limit],
                      ["Last used", lastUsed],
                      ["Expires", expiry],
                    ]}
                    actions={actions}
                  />
                </td>
                <ScopesCell scopes={k.scopes} />
                <td className={`${tdClasses} ${wideOnly}`}>{customer}</td>
                <td className={`${tdClasses} ${wideOnly} tabular-nums`}>{limit}</td>
                <td className={`${tdClasses} hidden whitespace-nowrap 2xl:table-cell`}>{formatDate(k.createdAt)}</td>
                <td className={`${tdClasses} ${wideOnly} whitespace-nowrap`}>{lastUsed}</td>
                <td className={`${tdClasses} ${wideOnly} whitespace-nowrap`}>{expiry}</td>
                <td className={`${tdClasses} ${wideOnly} text-right whitespace-nowrap`}>{actions}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { ActionsHeader, ExpiryCell, KeyName, LastUsedCell, NarrowSummary, ScopeList, ScopesCell, tdClasses, thClasses, wideOnly } from "@/components/api-keys/key-cells";
import { RevokeKeyButton } from "@/components/api-keys/revoke-key-button";
import type { CustomerApiKeyRow } from "@/lib/api-keys/customer-api-key-row";
import { formatDate } from "@/lib/format/format-date";
import { revokeCustomerApiKeyAction } from "./actions";

/** Unrevoked keys (active and expired) with their revoke buttons. */
export function CustomerKeyTable({ keys, now, viewerId, isOwner }: { keys: CustomerApiKeyRow[]; now: Date; viewerId: string; isOwner: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full">
        <thead>
          <tr className="border-b border-neutral-100">
            <th scope="col" className={thClasses}>Key</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Scopes</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Project</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Created</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Last used</th>
            <th scope="col" className={`${thClasses} ${wideOnly}`}>Expires</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {keys.map((k) => {
            const project = k.project ? k.project.name : <span className="text-neutral-400">Every project</span>;
            const lastUsed = <LastUsedCell lastUsedAt={k.lastUsedAt} now={now} />;
            const expiry = <ExpiryCell expiresAt={k.expiresAt} state={k.state} now={now} />;
            const revoke = (
              <RevokeKeyButton
                keyId={k.id}
                label={k.label}
                prefix={k.prefix}
                consequence="every request made with it is refused with 401."
                revoke={revokeCustomerApiKeyAction}
              />
            );

            return (
              <tr key={k.id} aria-label={k.label}>
                <td className={`${tdClasses} md:min-w-44`}>
                  <KeyName label={k.label} prefix={k.prefix} />
                  {k.ipAllowlist.length > 0 && (
                    <p className="mt-1 text-xs text-neutral-500" title={k.ipAllowlist.join("\n")}>
                      Only from {k.ipAllowlist.length === 1 ? <span className="font-mono">{k.ipAllowlist[0]}</span> : `${k.ipAllowlist.length} addresses`}
                    </p>
                  )}
                  <NarrowSummary
                    items={[
                      ["Scopes", <ScopeList key="s" scopes={k.scopes} />],
                      ["Project", project],
                      ["Last used", lastUsed],
                      ["Expires", expiry],
                    ]}
                    actions={revoke}
                  />
                </td>
                <ScopesCell scopes={k.scopes} />
                <td className={`${tdClasses} ${wideOnly}`}>{project}</td>
                <td className={`${tdClasses} ${wideOnly} whitespace-nowrap`}>
                  {formatDate(k.createdAt)}
                  {isOwner && k.createdBy.id !== viewerId && <p className="text-xs text-neutral-500">by {k.createdBy.name || k.createdBy.email}</p>}
                </td>
                <td className={`${tdClasses} ${wideOnly} whitespace-nowrap`}>{lastUsed}</td>
                <td className={`${tdClasses} ${wideOnly} whitespace-nowrap`}>{expiry}</td>
                <td className={`${tdClasses} ${wideOnly} text-right`}>{revoke}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

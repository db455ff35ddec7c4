"use client";

import { ConfirmActionButton } from "@/components/api-keys/confirm-action-button";
import { revokeAllResellerApiKeysAction } from "./actions";
import { formatCount } from "@/lib/format/format-count";

/** Revokes every key after a confirmation that says what stops. */
export function RevokeAllButton({ count }: { count: number }) {
  return (
    <ConfirmActionButton
      trigger={{ variant: "secondary", size: "sm", className: "text-red-700", children: "Revoke all" }}
      title={`Revoke all ${formatCount(count, "key")}?`}
      description={
        <>
          <p>Every integration using a reseller API key stops at once: storefronts, billing modules and customer-bound keys all get 401 from the next request.</p>
          <p className="mt-2">Use this when a key may have leaked and you don&apos;t know which. You can create new keys right after.</p>
        </>
      }
      confirmLabel={`Revoke all ${count}`}
      pendingLabel="Revoking…"
      action={() => revokeAllResellerApiKeysAction()}
    />
  );
}

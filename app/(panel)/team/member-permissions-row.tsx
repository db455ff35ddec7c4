"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { ConfirmActionButton } from "@/components/api-keys/confirm-action-button";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { ACCOUNT_PERMISSIONS } from "@/lib/accounts/account-permissions";
import { PERMISSION_DESCRIPTIONS } from "@/lib/accounts/team/permission-descriptions";
import { removeTeamMemberAction, updateMemberPermissionsAction } from "./actions";

export type MemberView = { id: string; name: string; email: string; permissions: string[]; joined: string };

/** One member: their permissions as checkboxes, saved for this row alone, and removal after a confirmation naming them. */
export function MemberPermissionsRow({ member }: { member: MemberView }) {
  const [selected, setSelected] = useState<string[]>(member.permissions);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const id = useId();
  const who = member.name || member.email;
  const changed = selected.length !== member.permissions.length || selected.some((p) => !member.permissions.includes(p));

  function save() {
    startTransition(async () => {
      const result = await updateMemberPermissionsAction(member.id, selected);
      if (!result.ok) return setError(result.fieldErrors?.permissions ?? result.error);
      setError(undefined);
      if (result.message) toast(result.message);
      router.refresh();
    });
  }

  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="min-w-0 wrap-anywhere">
          <p className="text-sm font-medium text-neutral-900">{who}</p>
          {member.name && <p className="text-sm text-neutral-500">{member.email}</p>}
        </div>
        <p className="text-xs text-neutral-500">Joined {member.joined}</p>
      </div>
      <fieldset className="mt-3" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
        <legend className="sr-only">Permissions of {who}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {ACCOUNT_PERMISSIONS.map((p) => (
            <label key={p} className="flex items-center gap-2 text-sm text-neutral-700" title={PERMISSION_DESCRIPTIONS[p].description}>
              <input
                type="checkbox"
                checked={selected.includes(p)}
                onChange={(e) => {
                  setError(undefined);
                  setSelected((s) => (e.target.checked ? ACCOUNT_PERMISSIONS.filter((x) => x === p || s.includes(x)) : s.filter((x) => x !== p)));
                }}
                className="size-4 rounded border-neutral-300 accent-neutral-900"
              />
              {PERMISSION_DESCRIPTIONS[p].title}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={save} disabled={!changed} pending={pending}>
          Save permissions
        </Button>
        {changed && (
          <Button size="sm" variant="ghost" onClick={() => (setSelected(member.permissions), setError(undefined))} disabled={pending}>
            Undo changes
          </Button>
        )}
        <ConfirmActionButton
          trigger={{ variant: "ghost", size: "sm", className: "text-red-700 hover:text-red-800", children: "Remove" }}
          title={`Remove ${who} from the team?`}
          description={`${who} loses access to this account at once, and every API key they created for it is revoked. You can invite them again later.`}
          confirmLabel="Remove from team"
          pendingLabel="Removing…"
          action={() => removeTeamMemberAction(member.id)}
        />
      </div>
    </li>
  );
}

"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/input";
import type { ActionResult } from "@/lib/actions/action-result";
import type { SnapshotView } from "@/lib/backends/hypervisor-driver";
import { serviceKeys } from "@/lib/query/keys";
import type { SnapshotList } from "@/lib/services/snapshots/vps-snapshots";
import type { Perform } from "./perform";
import { formatDateTime } from "@/lib/format/format-date-time";
import { statusLabel } from "@/lib/format/status-labels";

/** The server actions behind the card: the panel's (customer API rules) or the reseller portal's (backups rules). */
export interface SnapshotActions {
  list: (serviceId: string) => Promise<SnapshotList | null>;
  create: (serviceId: string, name: string) => Promise<ActionResult>;
  revert: (serviceId: string, snapshotId: string, confirm: string) => Promise<ActionResult>;
  remove: (serviceId: string, snapshotId: string) => Promise<ActionResult>;
}

// Mirrors lib/services/snapshots (the server checks again and answers the exact refusal).
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;
const WORDS = {
  snapshot: { one: "snapshot", One: "Snapshot", many: "snapshots", Many: "Snapshots" },
  backup: { one: "backup", One: "Backup", many: "backups", Many: "Backups" },
} as const;

/**
 * Snapshots of the VPS's disk: take, revert (confirmed, destroys later changes), delete; polls while
 * one is in progress. `noun` names them as the page's API does ("snapshot" or "backup").
 */
export function SnapshotsCard({
  id,
  canManage,
  disabled,
  perform,
  actions,
  noun = "snapshot",
}: {
  id: string;
  canManage: boolean;
  disabled: boolean;
  perform: Perform;
  actions: SnapshotActions;
  noun?: "snapshot" | "backup";
}) {
  const word = WORDS[noun];
  const { data } = useQuery({
    queryKey: serviceKeys.snapshots(id),
    queryFn: () => actions.list(id),
    refetchInterval: (q) => (q.state.data?.snapshots.some((s) => s.inProgress) ? 2000 : false),
  });
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [reverting, setReverting] = useState<SnapshotView | null>(null);
  const [deleting, setDeleting] = useState<SnapshotView | null>(null);
  // perform invalidates serviceKeys.detail(id), which refetches this card's list too.
  const act = (key: string, fn: () => Promise<ActionResult>, shownFields?: readonly string[]) => perform(key, fn, shownFields);
  // No list (not offered, refused) or a plan that keeps none: nothing to show.
  if (!data || data.max === 0) return null;
  const busy = disabled || data.snapshots.some((s) => s.inProgress);
  const full = data.used >= data.max;

  return (
    <Card>
      <CardHeader title={word.Many} description={`A copy of the disk you can go back to. ${data.used} of ${data.max} used.`} />
      <CardBody className="space-y-4">
        {data.snapshots.length === 0 ? (
          <p className="text-sm text-neutral-500">No {word.many} yet. Take one before a risky change, such as an upgrade, so you can go back to it.</p>
        ) : (
          <ul className="divide-y divide-neutral-100" aria-label={word.Many}>
            {data.snapshots.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="snapshot-row">
                <div>
                  <p className="text-sm font-medium text-neutral-800">{s.name}</p>
                  <p className="text-xs text-neutral-500" aria-live="polite">
                    {statusLabel("snapshot", s.status)} · {formatDateTime(s.createdAt)}
                  </p>
                </div>
                {canManage && (
                  <div className="flex gap-2">
                    <Button variant="secondary" disabled={!s.restorable || busy} onClick={() => setReverting(s)}>
                      Revert…
                    </Button>
                    <Button variant="danger" disabled={busy || (s.status !== "available" && s.status !== "error")} onClick={() => setDeleting(s)}>
                      Delete…
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {canManage && (
          <form
            className="flex max-w-md flex-wrap items-end gap-2"
            onSubmit={async (e) => {
              e.preventDefault();
              const n = name.trim();
              if (!NAME.test(n)) {
                setError("Letters, digits, '.', '_' and '-', starting with a letter or digit");
                return;
              }
              if (/^(auto|system)-/i.test(n)) {
                setError("Names starting with auto- or system- are reserved");
                return;
              }
              setError(undefined);
              const result = await act("snapshot", () => actions.create(id, n), ["name"]);
              if (result.ok) setName("");
              else setError(result.fieldErrors?.name);
            }}
          >
            <div className="grow">
              <Field label={`${word.One} name`} name="snapshot-name" value={name} onChange={(e) => setName(e.target.value)} error={error} hint={full ? `The plan keeps at most ${data.max}; delete one first.` : "For example before-upgrade."} />
            </div>
            <Button type="submit" variant="secondary" disabled={busy || full}>
              Take {word.one}
            </Button>
          </form>
        )}
      </CardBody>
      <ConfirmDialog
        item={reverting}
        onClose={() => setReverting(null)}
        title={(s) => `Revert to ${s.name}?`}
        description={(s) =>
          `Every change on the disk since this ${word.one} was taken is lost and cannot be recovered.` +
          (s.destroysOnRestore.length ? ` Newer ${word.many} are deleted too: ${s.destroysOnRestore.join(", ")}.` : "") +
          (s.comesBackRunning ? " The server is stopped and started again." : "")
        }
        confirmLabel="Revert and lose changes"
        onConfirm={(s) => void perform("revert", () => actions.revert(id, s.id, s.name))}
      />
      <ConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={(s) => `Delete ${word.one} ${s.name}?`}
        description="You can no longer go back to it. The server itself is not changed."
        confirmLabel={`Delete ${word.one}`}
        onConfirm={(s) => void perform("delete-snapshot", () => actions.remove(id, s.id))}
      />
    </Card>
  );
}

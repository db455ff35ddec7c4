"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ShownOnce } from "@/components/ui/shown-once";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/form-field";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { refusalSentence } from "@/lib/actions/refusal-sentence";
import type { ConsoleActivityView, ConsoleCastView } from "@/lib/console/console-cast-view";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/status/status-badge";
import { serviceKeys } from "@/lib/query/keys";
import { createConsoleLinkAction, listConsoleLinksAction, revokeConsoleLinkAction } from "../console-actions";
import { ScrollBox } from "@/components/ui/scroll-box";

// The choices stay inside the spec's ranges (console cast body): opening 60-604800 s, default 900;
// viewing 300-43200 s, default 3600. The server checks again.
const OPEN_TTL = [
  { seconds: 300, label: "5 minutes" },
  { seconds: 900, label: "15 minutes" },
  { seconds: 3600, label: "1 hour" },
  { seconds: 21600, label: "6 hours" },
  { seconds: 86400, label: "1 day" },
  { seconds: 259200, label: "3 days" },
  { seconds: 604800, label: "7 days" },
] as const;
const VIEWER_TTL = [
  { seconds: 300, label: "5 minutes" },
  { seconds: 900, label: "15 minutes" },
  { seconds: 1800, label: "30 minutes" },
  { seconds: 3600, label: "1 hour" },
  { seconds: 7200, label: "2 hours" },
  { seconds: 14400, label: "4 hours" },
  { seconds: 28800, label: "8 hours" },
  { seconds: 43200, label: "12 hours" },
] as const;
const DEFAULT_OPEN_TTL = 900;
const DEFAULT_VIEWER_TTL = 3600;

const WHO: Record<ConsoleActivityView["role"], string> = { customer: "Your customer (panel)", reseller: "You (portal or API)", cast: "Console link" };

const durationLabel = (seconds: number) => VIEWER_TTL.find((o) => o.seconds === seconds)?.label ?? `${Math.round(seconds / 60)} minutes`;

function When({ iso, now }: { iso: string; now: Date }) {
  return <RelativeTime date={iso} now={now} />;
}

/** What the link's deadlines mean now: until when it opens, or until when its viewers may watch. */
function Deadline({ cast, now }: { cast: ConsoleCastView; now: Date }) {
  if (cast.status === "revoked" && cast.revokedAt)
    return (
      <>
        Revoked <When iso={cast.revokedAt} now={now} />
      </>
    );
  if (cast.status === "pending")
    return (
      <>
        Opens until <When iso={cast.openExpiresAt} now={now} />; then {durationLabel(cast.viewerTtlSeconds)} of viewing
      </>
    );
  if (cast.viewerExpiresAt)
    return (
      <>
        {cast.status === "open" ? "Viewing until" : "Viewing ended"} <When iso={cast.viewerExpiresAt} now={now} />
      </>
    );
  return (
    <>
      Not opened; expired <When iso={cast.openExpiresAt} now={now} />
    </>
  );
}

/**
 * The reseller portal's "Console links": a link to the server's console for someone without an
 * account (the reseller's customer, a technician), created here, shown once, listed with its status
 * and revocable; plus who used the console lately.
 */
export function ConsoleLinksCard({ serviceId, hostname }: { serviceId: string; hostname: string }) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({ queryKey: serviceKeys.consoleLinks(serviceId), queryFn: () => listConsoleLinksAction(serviceId), refetchInterval: 30_000 });
  const [created, setCreated] = useState<{ url: string; label: string } | null>(null);
  const [revoking, setRevoking] = useState<ConsoleCastView | null>(null);
  const [now, setNow] = useState(() => new Date());
  // Relative times ("in 12 minutes") move on by themselves.
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: serviceKeys.consoleLinks(serviceId) });

  const casts = data?.casts ?? [];
  const live = casts.filter((c) => c.status === "pending" || c.status === "open");
  const past = casts.filter((c) => c.status === "expired" || c.status === "revoked");

  return (
    <Card aria-label="Console links">
      <CardHeader
        title="Console links"
        description="A link that opens this server's console in a browser, without an account: for your customer or a technician. Anyone holding the link can use it until it expires or you revoke it."
      />
      <CardBody className="space-y-6">
        {created ? (
          <CreatedLink url={created.url} label={created.label} onDone={() => setCreated(null)} />
        ) : (
          <CreateLinkForm
            serviceId={serviceId}
            hostname={hostname}
            onCreated={(url, label) => {
              setCreated({ url, label });
              void refresh();
            }}
          />
        )}

        <section aria-label="Links" className="space-y-2">
          <h3 className="text-sm font-medium text-neutral-900">Links</h3>
          {isPending ? (
            <p className="text-sm text-neutral-500">Loading…</p>
          ) : data === null ? (
            <p className="text-sm text-neutral-500">The links of this service cannot be shown.</p>
          ) : casts.length === 0 ? (
            <EmptyState title="No console links yet">
              Create one above and send it to whoever needs to see the server&apos;s screen. Choose view only when they should watch, not type.
            </EmptyState>
          ) : (
            <CastTable casts={[...live, ...past]} now={now} onRevoke={setRevoking} />
          )}
        </section>

        {data && <ActivityList rows={data.activity} now={now} />}
      </CardBody>
      <ConfirmDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title={(c) => `Revoke the link “${c.label}”?`}
        description="It can no longer be opened, and whoever is watching through it is disconnected. This cannot be undone: create a new link if it is needed again."
        confirmLabel="Revoke link"
        onConfirm={async (c) => {
          const result = await revokeConsoleLinkAction(serviceId, c.id);
          if (result.ok) toast(result.message ?? "Console link revoked");
          else toast(refusalSentence(result, []) ?? result.error, "error");
          await refresh();
        }}
      />
    </Card>
  );
}

function CreateLinkForm({ serviceId, hostname, onCreated }: { serviceId: string; hostname: string; onCreated: (url: string, label: string) => void }) {
  const [label, setLabel] = useState("");
  const [viewOnly, setViewOnly] = useState(false);
  const [openTtl, setOpenTtl] = useState(DEFAULT_OPEN_TTL);
  const [viewerTtl, setViewerTtl] = useState(DEFAULT_VIEWER_TTL);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const viewOnlyId = useId();

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Create a console link"
      onSubmit={async (e) => {
        e.preventDefault();
        setPending(true);
        try {
          const result = await createConsoleLinkAction(serviceId, { label, viewOnly, openTtlSeconds: openTtl, viewerTtlSeconds: viewerTtl });
          if (result.ok) {
            setErrors({});
            setFormError(null);
            setLabel("");
            setViewOnly(false);
            onCreated(result.data.url, result.data.link.label);
          } else {
            setErrors(result.fieldErrors ?? {});
            setFormError(refusalSentence(result, ["label", "viewOnly", "openTtlSeconds", "viewerTtlSeconds"]) ?? null);
          }
        } finally {
          setPending(false);
        }
      }}
    >
      <Field
        label="Label"
        name="cast-label"
        value={label}
        maxLength={120}
        placeholder={hostname}
        onChange={(e) => setLabel(e.target.value)}
        error={errors.label}
        hint="Shown at the top of the console page. Empty: the server's hostname."
        className="sm:col-span-2"
      />
      <SelectField label="Can be opened for" name="cast-open-ttl" value={openTtl} onChange={(e) => setOpenTtl(Number(e.target.value))} error={errors.openTtlSeconds} hint="Unopened after this, the link expires.">
        {OPEN_TTL.map((o) => (
          <option key={o.seconds} value={o.seconds}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Viewing window"
        name="cast-viewer-ttl"
        value={viewerTtl}
        onChange={(e) => setViewerTtl(Number(e.target.value))}
        error={errors.viewerTtlSeconds}
        hint="Counted from the first open; the link can be opened again inside it."
      >
        {VIEWER_TTL.map((o) => (
          <option key={o.seconds} value={o.seconds}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <div className="flex gap-3">
          <input
            id={viewOnlyId}
            type="checkbox"
            name="cast-view-only"
            checked={viewOnly}
            onChange={(e) => setViewOnly(e.target.checked)}
            aria-invalid={errors.viewOnly ? true : undefined}
            aria-describedby={errors.viewOnly ? `${viewOnlyId}-error` : undefined}
            className="mt-0.5 size-4 shrink-0 rounded border-neutral-300 accent-neutral-900"
          />
          <label htmlFor={viewOnlyId} className="text-sm">
            <span className="font-medium text-neutral-900">View only</span>
            <span className="block text-neutral-500">The viewer sees the screen but cannot type or click.</span>
          </label>
        </div>
        {errors.viewOnly && (
          <p id={`${viewOnlyId}-error`} className="mt-1 text-sm text-red-700">
            {errors.viewOnly}
          </p>
        )}
      </div>
      {formError && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {formError}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" pending={pending}>
          Create link
        </Button>
      </div>
    </form>
  );
}

/** The new link's URL, once: the server keeps only a hash of its ticket. */
function CreatedLink({ url, label, onDone }: { url: string; label: string; onDone: () => void }) {
  return (
    <ShownOnce
      title={`Link “${label}” created`}
      warning={
        <>
          <strong className="font-semibold">Copy it now, it is not shown again.</strong> Anyone with the link can open the console until it expires or you revoke it.
        </>
      }
      value={url}
      testId="console-link-url"
      copyLabel="Copy link"
      footer={
        <Button variant="secondary" onClick={onDone}>
          I have copied the link
        </Button>
      }
    />
  );
}

const th = "px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-neutral-500";
const td = "px-3 py-3 align-top text-sm text-neutral-700";

function CastTable({ casts, now, onRevoke }: { casts: ConsoleCastView[]; now: Date; onRevoke: (c: ConsoleCastView) => void }) {
  return (
    <ScrollBox label="Issued links" className="-mx-3">
      <table className="w-full">
        <thead>
          <tr className="border-b border-neutral-100">
            <th scope="col" className={th}>
              Link
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} hidden sm:table-cell`}>
              Opened
            </th>
            <th scope="col" className={`${th} hidden md:table-cell`}>
              Deadline
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {casts.map((c) => (
            <tr key={c.id} data-testid="console-link-row">
              <td className={td}>
                <p className="font-medium break-words text-neutral-900">{c.label}</p>
                <p className="text-xs text-neutral-500">
                  {c.viewOnly ? "View only" : "Full control"} · created <When iso={c.createdAt} now={now} />
                </p>
                {/* Below sm the opened and deadline columns fold in here. */}
                <p className="text-xs text-neutral-500 sm:hidden">
                  Opened {c.openCount === 1 ? "once" : `${c.openCount} times`} · <Deadline cast={c} now={now} />
                </p>
                <p className="hidden text-xs text-neutral-500 sm:block md:hidden">
                  <Deadline cast={c} now={now} />
                </p>
              </td>
              <td className={td}>
                <StatusBadge kind="consoleLink" status={c.status} />
              </td>
              <td className={`${td} hidden whitespace-nowrap sm:table-cell`}>
                <span className="tabular-nums">{c.openCount === 1 ? "once" : `${c.openCount} times`}</span>
                {c.lastOpenedAt && (
                  <p className="text-xs text-neutral-500">
                    last <When iso={c.lastOpenedAt} now={now} />
                  </p>
                )}
              </td>
              <td className={`${td} hidden md:table-cell`}>
                <Deadline cast={c} now={now} />
              </td>
              <td className={`${td} text-right`}>
                {(c.status === "pending" || c.status === "open") && (
                  <Button variant="secondary" size="sm" onClick={() => onRevoke(c)} aria-label={`Revoke ${c.label}`}>
                    Revoke…
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function ActivityList({ rows, now }: { rows: ConsoleActivityView[]; now: Date }) {
  return (
    <section aria-label="Console activity" className="space-y-2">
      <h3 className="text-sm font-medium text-neutral-900">Console activity</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-500">Nobody has used this server&apos;s console yet. Every session, yours, your customer&apos;s and each link&apos;s, is listed here.</p>
      ) : (
        <ul className="divide-y divide-neutral-100 text-sm" data-testid="console-activity">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
              <span className="font-medium text-neutral-800">
                {WHO[r.role]}
                {r.channel === "serial" && <span className="font-normal text-neutral-500"> · serial</span>}
              </span>
              <span className="text-neutral-500">
                {r.openedAt ? <When iso={r.openedAt} now={now} /> : <>asked <When iso={r.createdAt} now={now} />, never connected</>}
                {r.remoteAddress && <span className="font-mono text-xs"> · {r.remoteAddress}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

"use client";

import { statusLabel } from "@/lib/format/status-labels";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { JobProgress } from "@/components/services/job-progress";
import { toastResult, type Perform } from "@/components/services/perform";
import { PowerButtons, type PowerOption } from "@/components/services/power-buttons";
import { PasswordCard, ReinstallCard } from "@/components/services/reinstall-card";
import { useActivityFollows } from "@/components/services/use-activity-follows";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { serviceKeys } from "@/lib/query/keys";
import { useServerSeed } from "@/lib/query/server-seed";
import type { VpsDoc } from "@/lib/services/customer-documents";
import { useRouter } from "next/navigation";
import { ConsoleCard } from "@/components/services/console-card";
import { openConsoleAction } from "../console-actions";
import { ImagesCard } from "./images-card";
import { SnapshotsCard, type SnapshotActions } from "@/components/services/snapshots-card";
import { createSnapshotAction, deleteSnapshotAction, getVpsAction, listSnapshotsAction, revertSnapshotAction, powerVpsAction, reinstallVpsAction, resetVpsPasswordAction } from "../actions";
import type { ServiceTabSlug } from "@/lib/services/service-tabs";

type Image = { id: string; name: string; isDefault: boolean };
type Props = {
  /** The page's tab: the panel keeps polling on every tab and shows the cards of this one. */
  tab: ServiceTabSlug;
  initial: VpsDoc;
  images: Image[];
  canPower: boolean;
  canManage: boolean;
  canConsole: boolean;
};

const SNAPSHOT_ACTIONS: SnapshotActions = { list: listSnapshotsAction, create: createSnapshotAction, revert: revertSnapshotAction, remove: deleteSnapshotAction };

const POWER: readonly PowerOption[] = [
  { verb: "start", label: "Start", confirm: "Start the server?", detail: "It boots from its disk; this takes a few seconds.", variant: "secondary" as const },
  { verb: "restart", label: "Restart", confirm: "Restart the server?", detail: "It shuts down and boots again. Connections drop for a short while.", variant: "secondary" as const },
  { verb: "stop", label: "Stop", confirm: "Stop the server?", detail: "It shuts down and stays off until you start it. A stopped server is still billed.", variant: "danger" as const },
];

/** Whether the page should keep polling: something is running on the machine or the service is being set up. */
export const isBusy = (vps: VpsDoc | null | undefined) =>
  !!vps && (vps.active_job !== null || vps.status === "pending" || vps.status === "installing" || vps.os_installation_status === "in_progress");

/**
 * The VPS document under serviceKeys.detail(id), started from the server's rendering; `poll` while
 * busy (the controls do, the overview's cells only read along). Actions invalidate it.
 */
function useVpsDocument(initial: VpsDoc, poll: boolean): VpsDoc {
  const { data } = useQuery({
    queryKey: serviceKeys.detail(initial.id),
    queryFn: () => getVpsAction(initial.id),
    initialData: initial,
    refetchInterval: poll ? (q) => (isBusy(q.state.data) ? 2000 : false) : false,
  });
  useServerSeed(serviceKeys.detail(initial.id), initial);
  return data ?? initial;
}

/** The overview's operating system, from the document: a finished reinstall shows its new system without reloading. */
export function VpsOperatingSystem({ initial }: { initial: VpsDoc }) {
  return <>{useVpsDocument(initial, false).instance?.os ?? "—"}</>;
}

/**
 * The VPS's live cards, for the page's tab: Overview (the machine's state and the running job), Power,
 * Console, Settings (reinstall, root password), Backups and snapshots (snapshots, custom images).
 * Rendered on every tab, so the document is polled while something runs and the page is re-rendered
 * once setup ends, whichever tab is open.
 */
export function VpsControls({ tab, initial, images, canPower, canManage, canConsole }: Props) {
  const queryClient = useQueryClient();
  const vps = useVpsDocument(initial, true);
  const router = useRouter();
  // The overview and the "being set up" notice are rendered on the server: re-render them once setup ends.
  const settingUp = vps.status === "pending" || vps.status === "installing";
  const wasSettingUp = useRef(settingUp);
  useEffect(() => {
    if (wasSettingUp.current && !settingUp) router.refresh();
    wasSettingUp.current = settingUp;
  }, [settingUp, router]);
  const [pending, setPending] = useState<string | null>(null);

  const perform: Perform = async (key, fn, shownFields) => {
    setPending(key);
    try {
      const result = await fn();
      toastResult(result, shownFields);
      // The document and everything under it: activity, snapshots, usage.
      await queryClient.invalidateQueries({ queryKey: serviceKeys.detail(initial.id) });
      return result;
    } finally {
      setPending(null);
    }
  };

  const caps = vps.capabilities;
  const job = vps.active_job;
  const busy = isBusy(vps);
  useActivityFollows(initial.id, busy);

  const machineState = vps.instance ? (
    <>
      The server is <strong className="font-medium text-neutral-800">{statusLabel("vm", vps.instance.state).toLowerCase()}</strong>.
    </>
  ) : (
    "The server does not exist yet."
  );

  if (tab === "overview") {
    // The machine's state and what runs on it now; the buttons are on the Power tab.
    return (
      <Card>
        <CardHeader title="Server" description={machineState} />
        {job && (
          <CardBody>
            <JobProgress operation={job.operation} step={job.step} progress={job.progress} />
          </CardBody>
        )}
      </Card>
    );
  }

  if (tab !== "power" && tab !== "console" && tab !== "settings" && tab !== "backups") return null;

  return (
    <div className="space-y-6">
      {/* A reinstall, a password reset or a revert runs for a while: its progress is shown where it was started. */}
      {tab !== "power" && job && (
        <Card>
          <CardBody>
            <JobProgress operation={job.operation} step={job.step} progress={job.progress} />
          </CardBody>
        </Card>
      )}
      {tab === "power" && (
        <Card>
          <CardHeader title="Power" description={machineState} />
          <CardBody className="space-y-4">
            {job && <JobProgress operation={job.operation} step={job.step} progress={job.progress} />}
            {caps?.unavailable_reason === "suspended" && (
              <Alert tone="warning" title="This service is suspended">
                You can still stop and restart it. Starting, reinstalling and password resets are refused until the suspension is lifted; see your invoices or contact support.
              </Alert>
            )}
            {!canPower && <p className="text-sm text-neutral-500">Power actions need the services.power permission on this account.</p>}
            <PowerButtons
              options={POWER}
              // The backend accepts a start of a running server as a no-op; offering it only confuses.
              allowed={(verb) => !!caps?.actions.includes(verb) && (verb === "start" ? vps.instance?.state !== "running" : vps.instance?.state !== "stopped")}
              disabled={!canPower || !!job || pending !== null}
              pendingVerb={pending}
              onConfirm={(verb) => void perform(verb, () => powerVpsAction(initial.id, verb))}
            />
          </CardBody>
        </Card>
      )}

      {tab === "console" && canConsole && caps?.console && (
        <ConsoleCard
          openSession={(channel) => openConsoleAction(initial.id, channel)}
          label={vps.hostname ?? vps.name}
          serial
          // A paused VM still has its display; a stopped one has none (the session would be refused).
          running={vps.instance?.state === "running" || vps.instance?.state === "paused"}
          offText="Start the server to use its console."
        />
      )}

      {/* Reinstall and password reset act on an installed system: not offered while it is being set up. */}
      {tab === "settings" && canManage && vps.instance && (vps.status === "active" || vps.status === "suspended") && (
        <>
          <ReinstallCard
            images={images}
            name={vps.hostname ?? vps.name}
            description="Installs a fresh operating system. Everything on the disk is erased; snapshots are kept."
            eraseWarning="Everything on the server's disk is erased and cannot be recovered. The server is offline while it is rebuilt."
            disabled={!caps?.reinstall || busy || pending !== null}
            pending={pending === "reinstall"}
            onReinstall={(imageId, password, fields, typed) => perform("reinstall", () => reinstallVpsAction(initial.id, imageId, password, typed), fields)}
          />
          {/* The overview's "How to sign in" note links here. */}
          <div id="root-password" className="scroll-mt-6">
            <PasswordCard
              disabled={!caps?.password_reset || busy || pending !== null || vps.instance?.state !== "running"}
              notRunning={vps.instance?.state !== "running"}
              pending={pending === "password"}
              onSubmit={(password, fields) => perform("password", () => resetVpsPasswordAction(initial.id, password), fields)}
            />
          </div>
        </>
      )}
      {tab === "backups" && caps?.snapshots && <SnapshotsCard id={initial.id} canManage={canManage} disabled={busy || pending !== null} perform={perform} actions={SNAPSHOT_ACTIONS} />}
      {tab === "backups" && caps?.images && <ImagesCard id={initial.id} canManage={canManage} disabled={busy || pending !== null} perform={perform} />}
    </div>
  );
}


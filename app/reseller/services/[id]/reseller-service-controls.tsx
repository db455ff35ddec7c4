"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { JobProgress } from "@/components/services/job-progress";
import { toastResult, type Perform } from "@/components/services/perform";
import { PowerButtons, type PowerOption } from "@/components/services/power-buttons";
import { RdnsCard } from "@/components/services/rdns-card";
import { PasswordCard, ReinstallCard, type InstallableImage } from "@/components/services/reinstall-card";
import { RescueCard } from "@/components/services/rescue-card";
import { SnapshotsCard, type SnapshotActions } from "@/components/services/snapshots-card";
import { useActivityFollows } from "@/components/services/use-activity-follows";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/input";
import { Toaster } from "@/components/ui/toast";
import { TypeToConfirmDialog } from "@/components/ui/type-to-confirm-dialog";
import { serviceKeys } from "@/lib/query/keys";
import { useServerSeed } from "@/lib/query/server-seed";
import type { ResellerServiceView } from "@/lib/services/reseller-service-view";
import {
  createResellerBackupAction,
  deleteResellerBackupAction,
  getResellerServiceAction,
  listResellerBackupsAction,
  restoreResellerBackupAction,
  lifecycleResellerServiceAction,
  powerResellerServiceAction,
  reinstallResellerServiceAction,
  rescueResellerServiceAction,
  resetResellerServicePasswordAction,
  setResellerRdnsAction,
  unrescueResellerServiceAction,
} from "../actions";
import { ConsoleCard } from "@/components/services/console-card";
import { openResellerConsoleAction } from "../console-actions";
import { ConsoleLinksCard } from "./console-links-card";
import { statusLabel } from "@/lib/format/status-labels";

const POWER: readonly PowerOption[] = [
  { verb: "start", label: "Start", confirm: "Start the server?", detail: "It boots from its disk.", variant: "secondary" as const },
  { verb: "restart", label: "Restart", confirm: "Restart the server?", detail: "It shuts down and boots again; your customer's connections drop for a short while.", variant: "secondary" as const },
  { verb: "stop", label: "Stop", confirm: "Stop the server?", detail: "It stays off until it is started. A stopped server is still billed.", variant: "danger" as const },
];

const BACKUP_ACTIONS: SnapshotActions = { list: listResellerBackupsAction, create: createResellerBackupAction, revert: restoreResellerBackupAction, remove: deleteResellerBackupAction };

const RUNNING = new Set(["running", "on"]);
const STOPPED = new Set(["stopped", "off"]);

/** Keep polling while a machine job runs or the service is still being built. */
const isBusy = (v: ResellerServiceView | null | undefined) => !!v && (v.busy !== null || v.status === "pending" || v.status === "installing");

export function ResellerServiceControls({ initial, images }: { initial: ResellerServiceView; images: InstallableImage[] }) {
  return (
    <>
      <Toaster />
      <Controls initial={initial} images={images} />
    </>
  );
}

function Controls({ initial, images }: { initial: ResellerServiceView; images: InstallableImage[] }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data } = useQuery({
    queryKey: serviceKeys.detail(initial.id),
    queryFn: () => getResellerServiceAction(initial.id),
    initialData: initial,
    refetchInterval: (q) => (isBusy(q.state.data) ? 2000 : false),
  });
  // The page is rendered again after most actions (router.refresh below): take its fresh view.
  useServerSeed(serviceKeys.detail(initial.id), initial);
  const view = data ?? initial;
  useActivityFollows(initial.id, isBusy(view));
  // The overview above is rendered on the server: render it again when the status moves on by itself (setup ending).
  const lastStatus = useRef(view.status);
  useEffect(() => {
    if (lastStatus.current !== view.status) router.refresh();
    lastStatus.current = view.status;
  }, [view.status, router]);
  const [pending, setPending] = useState<string | null>(null);
  const [suspending, setSuspending] = useState(false);
  const [reason, setReason] = useState("");
  const [terminating, setTerminating] = useState(false);
  const name = view.hostname ?? view.name;

  const perform: Perform = async (key, fn, shownFields) => {
    setPending(key);
    try {
      const result = await fn();
      toastResult(result, shownFields);
      // The view and everything under it: activity, backups, usage.
      await queryClient.invalidateQueries({ queryKey: serviceKeys.detail(initial.id) });
      // The status badge and details above are rendered on the server.
      if (result.ok && !key.startsWith("power:")) router.refresh();
      return result;
    } finally {
      setPending(null);
    }
  };

  const caps = view.capabilities;
  const state = view.machine?.state;
  const terminated = view.status === "terminated";

  return (
    <div className="space-y-6">
      {caps.backend !== null && (
        <Card>
          <CardHeader
            title="Power"
            description={
              view.machine ? (
                <>
                  The server is <strong className="font-medium text-neutral-800">{statusLabel(view.machine.kind === "vps" ? "vm" : "dedicatedPower", state ?? "").toLowerCase()}</strong>
                  {view.machine.rescue ? " and running the rescue system" : ""}.
                </>
              ) : terminated ? (
                "The service is terminated; its server is gone."
              ) : (
                "The server does not exist yet."
              )
            }
          />
          <CardBody className="space-y-4">
            {view.busy && <JobProgress operation={view.busy.operation} progress={view.busy.progress} />}
            {view.status === "suspended" && (
              <Alert tone="warning" title="This service is suspended">
                It can be stopped and restarted, not started, until it is unsuspended.
              </Alert>
            )}
            <PowerButtons
              options={POWER}
              allowed={(verb) => !!view.machine && caps.powerActions.includes(verb) && (verb === "start" ? !RUNNING.has(state ?? "") : !STOPPED.has(state ?? ""))}
              disabled={!!view.busy || pending !== null}
              pendingVerb={pending?.startsWith("power:") ? pending.slice(6) : null}
              onConfirm={(verb) => void perform(`power:${verb}`, () => powerResellerServiceAction(view.id, verb))}
            />
          </CardBody>
        </Card>
      )}

      {/* The spec refuses the console of a suspended service: offered on an active one only. */}
      {caps.console && view.machine && view.status === "active" && (
        <ConsoleCard
          openSession={(channel) => openResellerConsoleAction(view.id, channel)}
          label={name}
          serial={view.machine.kind === "vps"}
          // A paused VM still has its display; a stopped one has none.
          running={RUNNING.has(state ?? "") || state === "paused"}
          offText={view.machine.kind === "vps" ? "Start the server to use its console." : "Power the server on to use its console."}
        />
      )}
      {caps.console && view.machine && <ConsoleLinksCard serviceId={view.id} hostname={name} />}

      {view.machine && (view.status === "active" || view.status === "suspended") && (
        <>
          {caps.reinstall && (
            <ReinstallCard
              images={images}
              name={name}
              description="Installs a fresh operating system for your customer. Everything on the disk is erased."
              eraseWarning="Everything on the server's disks is erased and cannot be recovered. The server is offline while it is rebuilt."
              passwordOptional={view.machine.kind === "dedicated"}
              disabled={view.status === "suspended" || !!view.busy || pending !== null}
              pending={pending === "reinstall"}
              onReinstall={(imageId, password, fields, typed) => perform("reinstall", () => reinstallResellerServiceAction(view.id, imageId, password, typed), fields)}
            />
          )}
          {caps.password && view.machine.kind === "vps" && (
            <PasswordCard
              disabled={view.status === "suspended" || !!view.busy || pending !== null || state !== "running"}
              notRunning={state !== "running"}
              pending={pending === "password"}
              onSubmit={(password, fields) => perform("password", () => resetResellerServicePasswordAction(view.id, password), fields)}
            />
          )}
          {view.machine.kind === "dedicated" && (
            <>
              <RescueCard
                inRescue={view.machine.rescue}
                offered={view.status === "active" && !view.busy}
                disabled={view.status === "suspended" || !!view.busy || pending !== null}
                pending={pending === "rescue"}
                onRescue={() => perform("rescue", () => rescueResellerServiceAction(view.id))}
                onLeave={() => perform("rescue", () => unrescueResellerServiceAction(view.id))}
              />
              <RdnsCard
                addresses={view.dedicatedAddresses ?? []}
                disabled={view.status === "suspended" || pending !== null}
                onSave={(ipAddressId, hostname, fields) => perform(`rdns:${ipAddressId}`, () => setResellerRdnsAction(view.id, ipAddressId, hostname), fields)}
              />
            </>
          )}
          {caps.backups && view.status === "active" && view.machine.kind === "vps" && (
            <SnapshotsCard id={view.id} canManage disabled={!!view.busy || pending !== null} perform={perform} actions={BACKUP_ACTIONS} noun="backup" />
          )}
        </>
      )}

      <Card>
        <CardHeader title="Lifecycle" description="The reseller API's suspend, unsuspend and terminate, with the same events sent to your webhook." />
        <CardBody className="space-y-3">
          {terminated ? (
            <p className="text-sm text-neutral-500">This service is terminated. Nothing more can be done with it.</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={view.status !== "active" || pending !== null} pending={pending === "suspend"} onClick={() => setSuspending(true)}>
                Suspend…
              </Button>
              <Button variant="secondary" disabled={view.status !== "suspended" || pending !== null} pending={pending === "unsuspend"} onClick={() => void perform("unsuspend", () => lifecycleResellerServiceAction(view.id, "unsuspend"))}>
                Unsuspend
              </Button>
              <Button variant="danger" disabled={pending !== null} pending={pending === "terminate"} onClick={() => setTerminating(true)}>
                Terminate…
              </Button>
            </div>
          )}
        </CardBody>
      </Card>

      <Dialog open={suspending} onClose={() => setSuspending(false)} title={`Suspend ${name}?`} description="The server is stopped and billing continues. Your customer cannot start it until you unsuspend it.">
        <Field label="Reason (optional)" name="suspend-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} hint="Sent in the service.suspended event." />
        <DialogActions>
          <Button variant="secondary" onClick={() => setSuspending(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setSuspending(false);
              void perform("suspend", () => lifecycleResellerServiceAction(view.id, "suspend", { reason })).then((r) => r.ok && setReason(""));
            }}
          >
            Suspend
          </Button>
        </DialogActions>
      </Dialog>

      <TypeToConfirmDialog
        open={terminating}
        onClose={() => setTerminating(false)}
        title={`Terminate ${name}?`}
        description="The server and its disks are deleted (a dedicated server is wiped and returned) and billing stops. This cannot be undone."
        name={name}
        confirmLabel="Terminate"
        // The domain checks the typed name again (runLifecycleVerb's `confirm`).
        onConfirm={(typed) => void perform("terminate", () => lifecycleResellerServiceAction(view.id, "terminate", { confirm: typed }))}
      />
    </div>
  );
}

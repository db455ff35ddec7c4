"use client";

import { JobProgress } from "@/components/services/job-progress";
import { toastResult, type Perform } from "@/components/services/perform";
import { PowerButtons, type PowerOption } from "@/components/services/power-buttons";
import { ReinstallCard } from "@/components/services/reinstall-card";
import { RescueCard } from "@/components/services/rescue-card";
import { useActivityFollows } from "@/components/services/use-activity-follows";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/input";
import { serviceKeys } from "@/lib/query/keys";
import { useServerSeed } from "@/lib/query/server-seed";
import { ConsoleCard } from "@/components/services/console-card";
import { openConsoleAction } from "../console-actions";
import type { ServiceTabSlug } from "@/lib/services/service-tabs";
import {
  attachSshKeyAction,
  detachSshKeyAction,
  getDedicatedAction,
  powerDedicatedAction,
  reinstallDedicatedAction,
  rescueDedicatedAction,
  unrescueDedicatedAction,
  type DedicatedView,
} from "../dedicated-actions";

type Image = { id: string; name: string; isDefault: boolean };
type Props = {
  /** The page's tab: the panel keeps polling on every tab and shows the cards of this one. */
  tab: ServiceTabSlug;
  initial: DedicatedView;
  images: Image[];
  canPower: boolean;
  canManage: boolean;
  canConsole: boolean;
};

const POWER: readonly PowerOption[] = [
  { verb: "start", label: "Power on", confirm: "Power the server on?", detail: "It boots from its disks; a physical server takes a minute or two.", variant: "secondary" as const },
  { verb: "restart", label: "Restart", confirm: "Restart the server?", detail: "The management controller resets it. Connections drop until it has booted again.", variant: "secondary" as const },
  { verb: "stop", label: "Power off", confirm: "Power the server off?", detail: "It stays off until you power it on. A server that is off is still billed.", variant: "danger" as const },
];

export const isBusy = (view: DedicatedView | null | undefined) =>
  !!view && (view.server.active_job !== null || view.server.status === "pending" || view.server.status === "installing" || view.server.os_installation?.status === "in_progress");

/**
 * The server's view under serviceKeys.detail(id), started from the server's rendering; `poll` while
 * busy (the controls do, the overview's cells only read along). Actions invalidate it.
 */
function useDedicatedView(initial: DedicatedView, poll: boolean): DedicatedView {
  const { data } = useQuery({
    queryKey: serviceKeys.detail(initial.server.id),
    queryFn: () => getDedicatedAction(initial.server.id),
    initialData: initial,
    refetchInterval: poll ? (q) => (isBusy(q.state.data) ? 2000 : false) : false,
  });
  useServerSeed(serviceKeys.detail(initial.server.id), initial);
  return data ?? initial;
}

/** The overview's operating system, from the view: a finished reinstall shows its new system without reloading. */
export function DedicatedOperatingSystem({ initial }: { initial: DedicatedView }) {
  return <>{useDedicatedView(initial, false).server.os_installation?.os ?? "—"}</>;
}

/**
 * The dedicated server's live cards, for the page's tab: Overview (power state and the running job),
 * Power, Console, Settings (rescue, reinstall, SSH keys); reverse DNS is the Networking tab's own card. Rendered on every
 * tab, so the view is polled while something runs, whichever tab is open.
 */
export function DedicatedControls({ tab, initial, images, canPower, canManage, canConsole }: Props) {
  const queryClient = useQueryClient();
  const view = useDedicatedView(initial, true);
  const server = view.server;
  const [pending, setPending] = useState<string | null>(null);

  const perform: Perform = async (key, fn, shownFields) => {
    setPending(key);
    try {
      const result = await fn();
      toastResult(result, shownFields);
      // The view and everything under it: activity, usage.
      await queryClient.invalidateQueries({ queryKey: serviceKeys.detail(initial.server.id) });
      return result;
    } finally {
      setPending(null);
    }
  };

  const features = server.features;
  const job = server.active_job ?? null;
  const busy = isBusy(view);
  useActivityFollows(server.id, busy);
  const power = server.provisioning?.power_state;
  // Powering on a server that is on (or off one that is off) would do nothing: offer what changes something.
  const allowed = (verb: string) =>
    !!features?.power && !(server.status === "suspended" && verb === "start") && !(verb === "start" && power === "on") && !(verb === "stop" && power === "off");

  const powerState = server.provisioning ? (
    <>
      The server is powered <strong className="font-medium text-neutral-800">{power}</strong>
      {server.rescue_mode ? " and running the rescue system" : ""}.
    </>
  ) : (
    "No server is assigned yet."
  );

  if (tab === "overview") {
    // The server's state and what runs on it now; the buttons are on the Power tab.
    return (
      <Card>
        <CardHeader title="Server" description={powerState} />
        {job && (
          <CardBody>
            <JobProgress operation={job.operation} step={job.step} progress={job.progress} />
          </CardBody>
        )}
      </Card>
    );
  }

  if (tab !== "power" && tab !== "console" && tab !== "settings") return null;
  const manageable = canManage && server.status !== "terminated";

  return (
    <div className="space-y-6">
      {/* A reinstall or a rescue boot runs for minutes: its progress is shown where it was started. */}
      {tab !== "power" && job && (
        <Card>
          <CardBody>
            <JobProgress operation={job.operation} step={job.step} progress={job.progress} />
          </CardBody>
        </Card>
      )}
      {tab === "power" && (
        <Card>
          <CardHeader title="Power" description={powerState} />
          <CardBody className="space-y-4">
            {job && <JobProgress operation={job.operation} step={job.step} progress={job.progress} />}
            {server.status === "suspended" && (
              <Alert tone="warning" title="This service is suspended">
                You can still power it off and restart it. Powering on, reinstalling and rescue are refused until the suspension is lifted; see your invoices or contact support.
              </Alert>
            )}
            {!canPower && <p className="text-sm text-neutral-500">Power actions need the services.power permission on this account.</p>}
            <PowerButtons
              options={POWER}
              allowed={allowed}
              disabled={!canPower || !!job || pending !== null}
              pendingVerb={pending}
              onConfirm={(verb) => void perform(verb, () => powerDedicatedAction(server.id, verb))}
            />
          </CardBody>
        </Card>
      )}

      {tab === "console" && canConsole && features?.console && (
        <ConsoleCard
          openSession={(channel) => openConsoleAction(server.id, channel)}
          label={server.hostname ?? server.name}
          serial={false}
          running={power === "on"}
          offText="Power the server on to use its console."
          description="The server's screen and keyboard through its management controller (KVM): the BIOS, the installer, the operating system."
        />
      )}

      {tab === "settings" && manageable && (
        <>
          <RescueCard
            inRescue={server.rescue_mode ?? false}
            offered={!!features?.rescue}
            disabled={busy || pending !== null}
            pending={pending === "rescue"}
            onRescue={() => perform("rescue", () => rescueDedicatedAction(server.id))}
            onLeave={() => perform("rescue", () => unrescueDedicatedAction(server.id))}
          />
          {/* The overview's "How to sign in" note links here: a reinstall sets the root password. */}
          <div id="root-password" className="scroll-mt-6">
            <ReinstallCard
              images={images}
              name={server.hostname ?? server.name}
              description="Installs a fresh operating system over the network. Every disk is erased. Your account's SSH keys and the keys below are installed."
              eraseWarning="Every disk of the server is erased and cannot be recovered. The server is offline for several minutes while it is rebuilt."
              passwordOptional
              disabled={!features?.reinstall || busy || pending !== null}
              pending={pending === "reinstall"}
              onReinstall={(imageId, password, fields, typed) => perform("reinstall", () => reinstallDedicatedAction(server.id, imageId, password, typed), fields)}
            />
          </div>
          <SshKeysCard id={server.id} keys={view.sshKeys} disabled={!features?.ssh_keys || server.status === "suspended" || pending !== null} perform={perform} />
        </>
      )}
    </div>
  );
}

function SshKeysCard({ id, keys, disabled, perform }: { id: string; keys: DedicatedView["sshKeys"]; disabled: boolean; perform: Perform }) {
  const [name, setName] = useState("");
  const [publicKey, setPublicKey] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverOnly = keys.filter((k) => k.attached);
  const account = keys.filter((k) => !k.attached);
  return (
    <Card>
      <CardHeader title="SSH keys" description="Installed for root on the next reinstall: every key of your account, plus the keys added for this server only." />
      <CardBody className="space-y-4">
        {keys.length === 0 ? (
          <p className="text-sm text-neutral-500">No keys yet. Add one below, or add keys to your account so every server gets them.</p>
        ) : (
          <ul className="divide-y divide-neutral-100 text-sm">
            {account.map((k) => (
              <li key={k.id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium text-neutral-800">{k.name}</span> <span className="font-mono text-xs text-neutral-500">{k.fingerprint}</span>
                </span>
                <span className="text-xs text-neutral-500">Account key</span>
              </li>
            ))}
            {serverOnly.map((k) => (
              <li key={k.id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium text-neutral-800">{k.name}</span> <span className="font-mono text-xs text-neutral-500">{k.fingerprint}</span>
                </span>
                <Button variant="ghost" size="sm" disabled={disabled} onClick={() => void perform(`key:${k.id}`, () => detachSshKeyAction(id, k.id))}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="grid max-w-xl gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!name.trim() || !publicKey.trim()) {
              setErrors({ publicKey: "Give the key a name and paste its public part" });
              return;
            }
            setErrors({});
            const result = await perform("key:add", () => attachSshKeyAction(id, { name: name.trim(), publicKey }), ["name", "publicKey"]);
            if (result.ok) {
              setName("");
              setPublicKey("");
            } else setErrors(result.fieldErrors ?? {});
          }}
        >
          <Field label="Key name" name="ssh-key-name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <Field label="Public key" name="ssh-public-key" value={publicKey} onChange={(e) => setPublicKey(e.target.value)} placeholder="ssh-ed25519 AAAA… you@laptop" error={errors.publicKey} />
          <div>
            <Button type="submit" variant="secondary" disabled={disabled}>
              Add key for this server
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

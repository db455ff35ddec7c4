"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Detail } from "@/components/ui/detail";
import { ConfirmDialog } from "@/components/ui/dialog";
import { toastResult } from "@/components/services/perform";
import type { ActionResult } from "@/lib/actions/action-result";
import type { GameConsoleSession } from "@/lib/game/open-game-console";
import type { GameDocument } from "@/lib/game/game-document";
import { serviceKeys } from "@/lib/query/keys";
import { GameFileManager, type GameFileActions } from "./file-manager/game-file-manager";
import { GameConsole, type GameStatsSample } from "./game-console";
import { GameSftpCard } from "./game-sftp-card";
import { GameStateBadge } from "./game-state-badge";
import { GameUsageCharts } from "./game-usage-charts";
import { GameVariablesCard } from "./game-variables-card";

export interface GameServerActions {
  load: (serviceId: string) => Promise<ActionResult<GameDocument>>;
  power: (serviceId: string, verb: string) => Promise<ActionResult<{ to: string }>>;
  openConsole: (serviceId: string) => Promise<ActionResult<GameConsoleSession>>;
  rotateSftp: (serviceId: string) => Promise<ActionResult<{ password: string }>>;
  setVars: (serviceId: string, vars: Record<string, string>) => Promise<ActionResult<{ vars: Record<string, string> }>>;
  /** The file manager's actions; without them the Files card is not shown (the reseller portal uses the API for files). */
  files?: GameFileActions;
}

/** The parts of the view; a page with tabs shows some of them per tab, the reseller portal all of them. */
export type GameSection = "alerts" | "server" | "power" | "console" | "files" | "settings";
const ALL_SECTIONS: readonly GameSection[] = ["alerts", "server", "power", "console", "files", "settings"];

/** How many `stats` samples the charts keep (a few seconds apart: the last few minutes). */
const KEEP_SAMPLES = 90;

/**
 * The game server's page body (docs/game-servers.md#panel): state and address with power buttons,
 * the live console with usage charts, the file manager, startup settings and SFTP. The document is polled; the console's
 * `status` events move the state at once in between. `sections` narrows it to some parts (the panel's
 * tabs: "power" puts the power buttons on the server card); all of them by default.
 */
export function GameServerView({
  serviceId,
  initial,
  can,
  actions,
  sections = ALL_SECTIONS,
}: {
  serviceId: string;
  initial: GameDocument;
  can: { power: boolean; console: boolean; manage: boolean };
  actions: GameServerActions;
  sections?: readonly GameSection[];
}) {
  const has = (section: GameSection) => sections.includes(section);
  const queryClient = useQueryClient();
  const { data: doc = initial, dataUpdatedAt } = useQuery({
    queryKey: serviceKeys.game(serviceId),
    queryFn: async () => {
      const result = await actions.load(serviceId);
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.server.installState === "installing" ? 2_000 : 10_000),
  });
  // The last state an event or action answer said, and when: a document fetched after it wins.
  const [live, setLive] = useState<{ state: string; at: number } | null>(null);
  const setLiveState = useCallback((state: string) => setLive({ state, at: Date.now() }), []);
  const [samples, setSamples] = useState<GameStatsSample[]>([]);
  const [pendingVerb, setPendingVerb] = useState<string | null>(null);
  const [confirmKill, setConfirmKill] = useState(false);
  const server = doc.server;
  const state = server.installState === "installing" ? "installing" : (live && live.at > dataUpdatedAt ? live.state : server.state);
  const usable = doc.capabilities.power;

  const onState = useCallback(
    (next: string) => {
      setLiveState(next);
      void queryClient.invalidateQueries({ queryKey: serviceKeys.game(serviceId) });
    },
    [queryClient, serviceId, setLiveState],
  );
  const onStats = useCallback((sample: GameStatsSample) => setSamples((old) => [...old.slice(-(KEEP_SAMPLES - 1)), sample]), []);
  const openSession = useCallback(() => actions.openConsole(serviceId), [actions, serviceId]);

  const power = async (verb: string) => {
    setPendingVerb(verb);
    const result = await actions.power(serviceId, verb);
    setPendingVerb(null);
    toastResult(result);
    if (result.ok) setLiveState(result.data.to);
    void queryClient.invalidateQueries({ queryKey: serviceKeys.game(serviceId) });
  };
  const running = state === "running" || state === "starting";
  const address = `${server.address.host}:${server.address.port}`;

  return (
    <div className="space-y-6">
      {has("alerts") && server.installState === "installing" && (
        <Alert tone="info" title="Installing your server">
          {has("console") ? "The console below shows the installation as it runs." : "The console shows the installation as it runs."} The server starts by itself when it is done.
        </Alert>
      )}
      {has("alerts") && server.installState === "failed" && (
        <Alert tone="error" title="The installation failed">
          {server.installError ?? "See the console for details."}
        </Alert>
      )}
      {has("alerts") && server.lastExit?.crashed && state === "offline" && (
        <Alert tone="error" title={server.lastExit.outOfMemory ? "The server ran out of memory" : `The server crashed (exit code ${server.lastExit.code ?? server.lastExit.signal ?? "unknown"})`}>
          <p>{server.lastExit.reason}</p>
          {server.lastExit.lastLines.length > 0 && (
            <pre className="mt-2 max-h-40 overflow-auto rounded bg-neutral-950 p-2 text-xs text-neutral-100" data-testid="crash-lines">
              {server.lastExit.lastLines.join("\n")}
            </pre>
          )}
        </Alert>
      )}
      {has("server") && (
        <Card>
          <CardHeader
            title="Server"
            action={
              has("power") && can.power && usable ? (
                <div className="flex flex-wrap gap-2" role="group" aria-label="Power">
                  <Button variant="primary" disabled={running || state === "stopping" || state === "installing"} pending={pendingVerb === "start"} onClick={() => void power("start")}>
                    Start
                  </Button>
                  <Button variant="secondary" disabled={state !== "running"} pending={pendingVerb === "restart"} onClick={() => void power("restart")}>
                    Restart
                  </Button>
                  <Button variant="secondary" disabled={!running} pending={pendingVerb === "stop"} onClick={() => void power("stop")}>
                    Stop
                  </Button>
                  <Button variant="danger" disabled={state === "offline" || state === "installing"} pending={pendingVerb === "kill"} onClick={() => setConfirmKill(true)}>
                    Kill
                  </Button>
                </div>
              ) : null
            }
          />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-4">
              <Detail label="State">
                <GameStateBadge state={state} />
              </Detail>
              <Detail label="Address">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-mono" data-testid="game-address">
                    {address}
                  </span>
                  <CopyButton text={address} />
                </span>
              </Detail>
              <Detail label="Game">{server.template.name}</Detail>
              <Detail label="Location">
                {server.node.location} <span className="text-neutral-500">({server.node.name})</span>
              </Detail>
            </dl>
          </CardBody>
        </Card>
      )}
      {has("console") && (can.console && doc.capabilities.console ? (
        <Card>
          <CardHeader title="Console" description="Live output of the server; commands go to its console." />
          <CardBody className="space-y-6">
            <GameConsole serverId={server.id} openSession={openSession} canSend={state === "running" || state === "starting"} onState={onState} onStats={onStats} />
            <GameUsageCharts samples={samples} limits={server.limits} />
          </CardBody>
        </Card>
      ) : (
        <Card>
          <CardHeader title="Console" />
          <CardBody>
            <p className="text-sm text-neutral-500">{doc.capabilities.console ? "The console needs the services.manage permission on this account." : "The console is not available while the service is not active."}</p>
          </CardBody>
        </Card>
      ))}
      {has("files") && doc.capabilities.files && actions.files && <GameFileManager serviceId={serviceId} canManage={can.manage} actions={actions.files} />}
      {has("settings") && usable && <GameVariablesCard variables={server.variables} canManage={can.manage} save={(vars) => actions.setVars(serviceId, vars)} />}
      {has("settings") && doc.capabilities.sftp && <GameSftpCard sftp={server.sftp} canManage={can.manage} rotate={() => actions.rotateSftp(serviceId)} />}
      <ConfirmDialog
        item={confirmKill ? server.id : null}
        title={() => "Kill the server's process?"}
        description="It ends at once without saving, as if the power went out. Use Stop to shut down cleanly."
        confirmLabel="Kill"
        onClose={() => setConfirmKill(false)}
        onConfirm={() => void power("kill")}
      />
    </div>
  );
}

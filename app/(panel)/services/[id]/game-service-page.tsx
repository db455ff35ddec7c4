import { PageHeader } from "@/components/layout/app-shell";
import { GameServerView } from "@/components/game/game-server-view";
import { RefreshWhileSettingUp } from "@/components/game/refresh-while-setting-up";
import { ServiceStatusBadge } from "@/components/services/service-status-badge";
import { Alert } from "@/components/ui/alert";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { gameDocument, type GameDocument } from "@/lib/game/game-document";
import type { ScopedService } from "@/lib/services/find-scoped-service-or-throw";
import type { panelServiceAccess } from "@/lib/services/panel-service-access";
import { serviceContext } from "@/lib/services/service-context";
import { gamePowerAction, getGameAction, openGameConsoleAction, rotateGameSftpAction, setGameVarsAction } from "../game-actions";
import {
  compressGameFilesAction,
  decompressGameFileAction,
  deleteGameFilesAction,
  listGameFilesAction,
  makeGameFolderAction,
  readGameFileAction,
  renameGameFileAction,
  writeGameFileAction,
} from "../game-file-actions";

const files = {
  list: listGameFilesAction,
  read: readGameFileAction,
  write: writeGameFileAction,
  mkdir: makeGameFolderAction,
  rename: renameGameFileAction,
  remove: deleteGameFilesAction,
  compress: compressGameFilesAction,
  decompress: decompressGameFileAction,
};
const actions = { load: getGameAction, power: gamePowerAction, openConsole: openGameConsoleAction, rotateSftp: rotateGameSftpAction, setVars: setGameVarsAction, files };

/** A game service's page (docs/game-servers.md#panel); while the order places the server, a progress note that refreshes. */
export async function GameServicePage({ service, access, back, extra }: { service: ScopedService; access: ReturnType<typeof panelServiceAccess>; back: React.ReactNode; extra: React.ReactNode }) {
  let doc: GameDocument | null = null;
  let refusal: string | null = null;
  try {
    doc = await gameDocument(serviceContext({ db: getDb(), actor: { ...access.scope, kind: "game" } }), { serviceId: service.id });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    refusal = error.message;
  }
  const settingUp = !doc && (service.status === "pending" || service.status === "installing");
  return (
    <>
      <PageHeader title={service.hostname ?? service.name} description={service.product.name} actions={back} />
      {doc ? (
        <GameServerView serviceId={service.id} initial={doc} can={{ power: access.canPower, console: access.canConsole, manage: access.canManage }} actions={actions} />
      ) : (
        <div className="space-y-4">
          <div className="flex items-center gap-2 text-sm">
            Status <ServiceStatusBadge status={service.status} />
          </div>
          {settingUp ? (
            <Alert tone="info" title="Your game server is being set up">
              We are choosing a node and a port for it; then it installs and starts. This page updates by itself.
              <RefreshWhileSettingUp />
            </Alert>
          ) : (
            <Alert tone="warning" title="The game server is not available">
              {refusal}
            </Alert>
          )}
        </div>
      )}
      {extra && <div className="mt-6">{extra}</div>}
    </>
  );
}

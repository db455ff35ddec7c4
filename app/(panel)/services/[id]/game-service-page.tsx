import { GameServerView, type GameSection } from "@/components/game/game-server-view";
import { RefreshWhileSettingUp } from "@/components/game/refresh-while-setting-up";
import { Alert } from "@/components/ui/alert";
import { Detail } from "@/components/ui/detail";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { gameDocument, type GameDocument } from "@/lib/game/game-document";
import { serviceContext } from "@/lib/services/service-context";
import { selectServiceTab, serviceTabs, type ServiceTabSlug } from "@/lib/services/service-tabs";
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
import { BillingTab } from "./billing-tab";
import { DestroyTab } from "./destroy-tab";
import { ServiceOverview } from "./service-overview";
import { cancellableOf, type ServicePageBase } from "./service-page-base";
import { ServicePageFrame } from "./service-page-frame";

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

/** Which parts of the game server's view each tab shows (the console tab carries the live usage charts). */
const SECTIONS: Partial<Record<ServiceTabSlug, readonly GameSection[]>> = {
  overview: ["alerts"],
  console: ["alerts", "console"],
  files: ["files"],
  power: ["alerts", "server", "power"],
  settings: ["settings"],
};

/**
 * A game service's page (docs/game-servers.md#panel) with the tabs of every service page; while the
 * order places the server, a progress note that refreshes.
 */
export async function GameServicePage({ base }: { base: ServicePageBase }) {
  const { service, access } = base;
  let doc: GameDocument | null = null;
  let refusal: string | null = null;
  try {
    doc = await gameDocument(serviceContext({ db: getDb(), actor: { ...access.scope, kind: "game" } }), { serviceId: service.id });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    refusal = error.message;
  }
  // The server may exist before its service is active: its tabs (console, files, power) come with
  // `active`, so the page keeps rendering itself again until then, not only until the server exists.
  const beingBuilt = service.status === "pending" || service.status === "installing";
  const settingUp = !doc && beingBuilt;
  const caps = doc?.capabilities;
  const tabs = serviceTabs({
    kind: "game",
    status: service.status,
    access,
    offers: caps ? { power: caps.power, console: caps.console, files: caps.files, settings: caps.variables || caps.sftp } : null,
    hasMachine: doc !== null,
    addresses: 0,
    cancellationScheduled: service.cancellationScheduledDate !== null,
    unpaidOrderCancellable: base.cancellableOrder !== null,
  });
  const tab = selectServiceTab(tabs, base.requestedTab);
  const sections = SECTIONS[tab];
  const view = doc && sections && (
    <GameServerView serviceId={service.id} initial={doc} can={{ power: access.canPower, console: access.canConsole, manage: access.canManage }} actions={actions} sections={sections} />
  );
  const address = doc ? `${doc.server.address.host}:${doc.server.address.port}` : null;

  let content: React.ReactNode;
  switch (tab) {
    case "overview":
      content = (
        <>
          {!doc && settingUp && (
            <Alert tone="info" title="Your game server is being set up">
              We are choosing a node and a port for it; then it installs and starts. This page updates by itself.
            </Alert>
          )}
          {beingBuilt && <RefreshWhileSettingUp />}
          {!doc && !settingUp && (
            <Alert tone="warning" title="The game server is not available">
              {refusal}
            </Alert>
          )}
          <ServiceOverview
            serviceId={service.id}
            status={service.status}
            plan={service.product.name}
            location={doc?.server.node.location ?? service.location?.name ?? null}
            address={address && <span className="font-mono">{address}</span>}
            nextDueDate={service.nextDueDate?.toISOString() ?? null}
            cancellationDate={service.cancellationScheduledDate?.toISOString() ?? null}
            tabs={tabs}
            details={doc && <Detail label="Game">{doc.server.template.name}</Detail>}
          />
          {view}
        </>
      );
      break;
    case "billing":
      content = <BillingTab service={service} access={access} buyer={base.buyer} renewable={base.renewable} />;
      break;
    case "destroy":
      content = <DestroyTab service={cancellableOf(service)} order={base.cancellableOrder} access={access} />;
      break;
    default:
      content = view;
  }

  return (
    <ServicePageFrame serviceId={service.id} title={service.hostname ?? service.name} description={service.product.name} back={base.back} tabs={tabs} current={tab}>
      {content}
    </ServicePageFrame>
  );
}

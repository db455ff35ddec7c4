import { CONSOLE_TOKEN_TTL_SECONDS, type ConsolePermission } from "@/game-node/protocol/console-token";
import { publicOrigin } from "@/lib/platform/public-origin";
import type { ServiceContext } from "@/lib/services/service-context";
import { gameConsoleWsPath } from "./game-console-path";
import { gameServerOfServiceOrThrow } from "./game-server-of-service";

/** `POST .../game/console`: where and how to dial the server's console (docs/game-servers.md#console-sessions). */
export interface GameConsoleSession {
  serverId: string;
  /** The portal's origin: browsers dial from a page there; other clients send it as their `Origin`. */
  origin: string;
  /** `origin` with the websocket scheme. */
  wsOrigin: string;
  ws_path: string;
  /** Short-lived; refreshable on the open socket with `{event: "auth", args: [newToken]}`. */
  token: string;
  expiresAt: string;
  permissions: ConsolePermission[];
}

const PERMISSIONS: ConsolePermission[] = ["console.read", "console.write", "power"];

/**
 * A console token for the actor's game server, signed for its node, valid CONSOLE_TOKEN_TTL_SECONDS.
 * Asking again is how a token is refreshed: the panel and API clients call this before `token
 * expiring` ends the socket and send the new token over it. Refused while suspended or terminated.
 */
export async function openGameConsole(ctx: ServiceContext, input: { serviceId: string }): Promise<GameConsoleSession> {
  const found = await gameServerOfServiceOrThrow(ctx, input.serviceId, { write: true });
  const origin = publicOrigin();
  const token = found.node.consoleToken(found.server.id, PERMISSIONS, CONSOLE_TOKEN_TTL_SECONDS);
  return {
    serverId: found.server.id,
    origin,
    wsOrigin: origin.replace(/^http(s?):/i, (_, s: string) => `ws${s.toLowerCase()}:`),
    ws_path: gameConsoleWsPath(found.server.id),
    token,
    // The node's clock signs the expiry (Date.now()); the portal's clock may be injected in tests.
    expiresAt: new Date(Date.now() + CONSOLE_TOKEN_TTL_SECONDS * 1000).toISOString(),
    permissions: PERMISSIONS,
  };
}

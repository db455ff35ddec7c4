import { GAME_CONSOLE_RELAY_PATH } from "@/lib/ws/game-console-relay";

/** The `ws_path` of a game console session: the relay's route (docs/decisions.md#r20) for one server. */
export function gameConsoleWsPath(serverId: string): string {
  return GAME_CONSOLE_RELAY_PATH.replace(":serverId", encodeURIComponent(serverId));
}

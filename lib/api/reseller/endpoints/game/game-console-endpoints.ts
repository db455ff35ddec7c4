import { openGameConsole } from "@/lib/game/open-game-console";
import { gameSftpLogin, rotateGameSftpPassword } from "@/lib/game/rotate-game-sftp-password";
import { GAME_CONSOLE_DESCRIPTION, gameConsoleSessionSchema, gameSftpLoginSchema, gameSftpRotatedSchema } from "../../../game/game-session-schemas";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "../services/reseller-service-scope";

export const gameConsoleEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/game/console",
  scope: "services",
  signed: true,
  summary: "Open the game server's console",
  description: GAME_CONSOLE_DESCRIPTION,
  response: gameConsoleSessionSchema,
  async handler({ auth, db, now, params }) {
    return openGameConsole(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
  },
});

export const gameSftpEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/game/sftp",
  scope: "read",
  signed: false,
  summary: "The game server's SFTP login",
  description: "Host, port and username. The password is never shown here: `POST .../game/sftp/rotate` sets a new one and returns it once.",
  response: gameSftpLoginSchema,
  async handler({ auth, db, now, params }) {
    return gameSftpLogin(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
  },
});

export const gameSftpRotateEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/game/sftp/rotate",
  scope: "services",
  signed: true,
  summary: "Set a new SFTP password",
  description: "Generates a new password, returned this once; the previous one stops working at once. Sessions already logged in stay open.",
  response: gameSftpRotatedSchema,
  async handler({ auth, db, now, params }) {
    return rotateGameSftpPassword(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
  },
});

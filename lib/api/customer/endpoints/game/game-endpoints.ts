import { z } from "zod";
import { gameDocument } from "@/lib/game/game-document";
import { gamePower } from "@/lib/game/game-power";
import { GAME_POWER_DESCRIPTION, gameDocumentSchema, gamePowerResultSchema } from "../../../game/game-document-schema";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "../services/customer-service-scope";

export const getGameEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{id}/game",
  scope: "read",
  access: "services:view",
  tag: "services",
  summary: "The game server document",
  description:
    "`{server, capabilities}`: template, address players connect to, state (with the last exit: a crash shows its exit code and last console lines), " +
    "install state, usage, limits, variables and the SFTP login. 404 `game.server_not_found` for anything that is not your game service; " +
    "409 `game.capability.runtime_stubbed` while the order has not placed a server yet; 403 `game.module_disabled` with the game module off.",
  response: gameDocumentSchema,
  async handler({ auth, db, now, params }) {
    return gameDocument(customerServiceContext(auth, db, now), { serviceId: params.id });
  },
});

export const gamePowerEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{id}/game/power/{action}",
  scope: "services",
  access: "services:power",
  tag: "services",
  params: z.object({ action: z.string().describe("start, stop, restart or kill") }),
  summary: "Game server power",
  description: GAME_POWER_DESCRIPTION,
  response: gamePowerResultSchema,
  async handler({ auth, db, now, params }) {
    return gamePower(customerServiceContext(auth, db, now), { serviceId: params.id, action: params.action });
  },
});

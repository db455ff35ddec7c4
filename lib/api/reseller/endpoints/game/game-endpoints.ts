import { z } from "zod";
import { gameDocument } from "@/lib/game/game-document";
import { gamePower } from "@/lib/game/game-power";
import { setGameVars } from "@/lib/game/set-game-vars";
import { GAME_POWER_DESCRIPTION, gameDocumentSchema, gamePowerResultSchema } from "../../../game/game-document-schema";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "../services/reseller-service-scope";

export const getGameEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/game",
  scope: "read",
  signed: false,
  summary: "The game server document",
  description:
    "`{server, capabilities}` (the game module's own shape, documented in the OpenAPI schema): template, address, state with the last exit, " +
    "install state, usage, limits, variables and the SFTP login. 404 for anything that is not your game service; 409 while the order has not placed a server yet.",
  response: gameDocumentSchema,
  async handler({ auth, db, now, params }) {
    return gameDocument(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
  },
});

export const setGameVarsEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/services/{serviceId}/game/vars",
  scope: "services",
  signed: true,
  summary: "Change game variables (applied on next start)",
  description:
    "`{vars: {KEY: value}}`: each key must be a variable of the server's template the customer may change, and each value must fit its rule; " +
    "otherwise 400 with one detail per field (`vars.KEY`) and nothing changes. A running server keeps its values until it is restarted.",
  body: z.object({ vars: z.record(z.string().max(64), z.string().max(1024)) }),
  response: z.object({ vars: z.record(z.string(), z.string()), appliesOn: z.literal("next_start") }),
  async handler({ auth, db, now, params, body }) {
    return setGameVars(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, vars: body.vars });
  },
});

export const gamePowerEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/game/power/{action}",
  scope: "services",
  signed: true,
  params: z.object({ action: z.string().describe("start, stop, restart or kill") }),
  summary: "Game server power",
  description: GAME_POWER_DESCRIPTION,
  response: gamePowerResultSchema,
  async handler({ auth, db, now, params }) {
    return gamePower(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, action: params.action });
  },
});

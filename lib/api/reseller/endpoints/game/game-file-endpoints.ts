import { z } from "zod";
import { downloadGameFile } from "@/lib/game/files/download-game-file";
import { gameFileOp } from "@/lib/game/files/game-file-op";
import { GAME_FILE_OP_MAX_BODY_BYTES, GAME_FILE_OPS } from "@/lib/game/files/game-file-rules";
import { listGameFiles } from "@/lib/game/files/list-game-files";
import { readGameFile } from "@/lib/game/files/read-game-file";
import {
  GAME_FILE_OP_DESCRIPTION,
  gameFileContentSchema,
  gameFileListQuerySchema,
  gameFileListSchema,
  gameFileOpBodySchema,
  gameFileOpResultSchema,
  gameFilePathQuerySchema,
} from "../../../game/game-file-schemas";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "../services/reseller-service-scope";

export const listGameFilesEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/game/files",
  scope: "read",
  signed: false,
  summary: "List a folder of the game server",
  description: "`?path=` the folder (default /). 404 for a folder that does not exist; 400 for a path that leaves the server's folder or goes through a link.",
  query: gameFileListQuerySchema,
  response: gameFileListSchema,
  async handler({ auth, db, now, params, query }) {
    return listGameFiles(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, path: query.path });
  },
});

const readDeclaration = (path: string, summary: string) =>
  defineEndpoint({
    method: "GET",
    path,
    scope: "read",
    signed: false,
    summary,
    description: "`?path=` a text file of at most 4 MiB (413 above: use download). 404 if it does not exist; 400 for a folder, a link or a path outside the server.",
    query: gameFilePathQuerySchema,
    response: gameFileContentSchema,
    async handler({ auth, db, now, params, query }) {
      return readGameFile(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, path: query.path });
    },
  });

export const readGameFileEndpoint = readDeclaration("/services/{serviceId}/game/files/read", "Read a text file of the game server");
export const gameFileContentsEndpoint = readDeclaration("/services/{serviceId}/game/files/contents", "Read a text file of the game server (alias of files/read)");

export const downloadGameFileEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/game/files/download",
  scope: "read",
  signed: false,
  summary: "Download a file of the game server",
  description:
    "`?path=` any regular file, streamed as `application/octet-stream` with `Content-Length` and `Content-Disposition: attachment`. " +
    "Refusals come in the JSON envelope before the first byte: 404 not found, 400 a folder, a link or a path outside the server.",
  produces: "application/octet-stream",
  example: "# server.properties (the file's bytes as stored)\nmax-players=20\n",
  query: gameFilePathQuerySchema,
  async handler({ auth, db, now, params, query }) {
    const file = await downloadGameFile(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, path: query.path });
    const headers: Record<string, string> = {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    };
    if (file.size !== null) headers["content-length"] = String(file.size);
    return new Response(file.body, { status: 200, headers });
  },
});

export const gameFileOpEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/game/files/{op}",
  scope: "services",
  signed: true,
  params: z.object({ op: z.string().describe(GAME_FILE_OPS.join(", ")) }),
  summary: "A file operation on the game server",
  description: GAME_FILE_OP_DESCRIPTION,
  body: gameFileOpBodySchema,
  maxBodyBytes: GAME_FILE_OP_MAX_BODY_BYTES,
  response: gameFileOpResultSchema,
  async handler({ auth, db, now, params, body }) {
    return gameFileOp(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, op: params.op, body });
  },
});

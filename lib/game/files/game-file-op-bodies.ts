import { z } from "zod";
import { fileOpBodySchemas } from "@/game-node/protocol/node-api";
import type { GameFileOp } from "./game-file-rules";

/** `download-url`: the portal fetches `url` and writes it as `path/name` (the name defaults to the URL's last segment). */
export const downloadUrlBodySchema = z.object({
  url: z.string().min(1).max(2048).describe("http or https, on a public address"),
  path: z.string().min(1).max(4096).default("/").describe("The folder to write into (it must exist)"),
  name: z.string().min(1).max(255).optional().describe("The file name; default: the URL's last path segment"),
});

/** Each op's body: the node's schemas (one shape for the node and the APIs) plus the portal's download-url. */
export const GAME_FILE_OP_BODIES = { ...fileOpBodySchemas, "download-url": downloadUrlBodySchema } satisfies Record<GameFileOp, z.ZodType>;

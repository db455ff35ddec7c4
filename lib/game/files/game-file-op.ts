import type { z } from "zod";
import { DomainError, VALIDATION_FAILED } from "@/lib/errors/domain-error";
import type { ServiceContext } from "@/lib/services/service-context";
import { gameServerOfServiceOrThrow, type GameServerOfService } from "../game-server-of-service";
import { decodeUploadContent } from "./decode-upload-content";
import { downloadUrlToGameServer } from "./download-url-to-game-server";
import { GAME_FILE_OP_BODIES } from "./game-file-op-bodies";
import { gameFileRefusal } from "./game-file-refusal";
import { GAME_FILE_CODES, GAME_FILE_OPS, GAME_FILE_RULES, type GameFileOp } from "./game-file-rules";

/** What a file operation answers; which fields are set depends on `op` (docs/game-servers.md#file-api). */
export interface GameFileOpResult {
  op: GameFileOp;
  /** The file or folder written, created, changed or renamed to. */
  path?: string;
  /** Bytes written (upload, download-url, decompress). */
  bytes?: number;
  deleted?: number;
  archive?: string;
  skipped?: string[];
  files?: number;
  folders?: number;
}

type Body<O extends GameFileOp> = z.output<(typeof GAME_FILE_OP_BODIES)[O]>;

export function parseGameFileOp(op: string): GameFileOp | null {
  return (GAME_FILE_OPS as readonly string[]).includes(op) ? (op as GameFileOp) : null;
}

/**
 * `POST .../game/files/{op}`: one file operation on the service's game server. The tenant check comes
 * first (404 for anything not the caller's game service, 403 while suspended or terminated), then the
 * op (400 `game.file_op_unknown`), then its body (400 with one detail per field); the node checks every
 * path (containment, quota) and its refusals are mapped by gameFileRefusal.
 */
export async function gameFileOp(ctx: ServiceContext, input: { serviceId: string; op: string; body: unknown }): Promise<GameFileOpResult> {
  const found = await gameServerOfServiceOrThrow(ctx, input.serviceId, { write: true });
  const op = parseGameFileOp(input.op);
  if (!op) throw new DomainError("invalid", GAME_FILE_RULES.opUnknown, { code: GAME_FILE_CODES.opUnknown });
  const parsed = GAME_FILE_OP_BODIES[op].safeParse(input.body ?? {});
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join(".") || "body", message: issue.message }));
    throw new DomainError("invalid", "Validation failed", { code: VALIDATION_FAILED, details });
  }
  return run(found, op, parsed.data);
}

async function run(found: GameServerOfService, op: GameFileOp, body: unknown): Promise<GameFileOpResult> {
  const { server, node } = found;
  const call = async (nodeBody: unknown) => {
    try {
      return await node.fileOp(server.id, op as Exclude<GameFileOp, "download-url">, nodeBody);
    } catch (error) {
      throw gameFileRefusal(error);
    }
  };
  switch (op) {
    case "write":
    case "mkdir":
    case "chmod": {
      const b = body as Body<"write" | "mkdir" | "chmod">;
      await call(b);
      return { op, path: b.path };
    }
    case "rename": {
      const b = body as Body<"rename">;
      await call(b);
      return { op, path: b.to };
    }
    case "delete": {
      const answer = await call(body);
      return { op, deleted: Number(answer.deleted) };
    }
    case "compress": {
      const answer = await call(body);
      return { op, archive: String(answer.archive), skipped: (answer.skipped as string[]) ?? [] };
    }
    case "decompress": {
      const answer = await call(body);
      return { op, files: Number(answer.files), folders: Number(answer.folders), bytes: Number(answer.bytes) };
    }
    case "upload": {
      const b = body as Body<"upload">;
      if (b.name.includes("/")) {
        throw new DomainError("invalid", "Validation failed", { code: VALIDATION_FAILED, details: [{ field: "name", message: GAME_FILE_RULES.nameWithSlash }] });
      }
      const bytes = decodeUploadContent(b.content);
      await call(b);
      return { op, path: `${b.path.replace(/\/+$/, "")}/${b.name}`, bytes: bytes.length };
    }
    case "download-url":
      return { op, ...(await downloadUrlToGameServer(found, body as Body<"download-url">)) };
  }
}

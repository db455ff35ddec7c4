import type { FileErrorCode } from "@/game-node/files/file-error";
import { isGameNodeError } from "@/lib/backends/game-node/game-node-error";
import { DomainError, VALIDATION_FAILED, type DomainErrorKind } from "@/lib/errors/domain-error";
import { backendRefusal } from "@/lib/services/backend-refusal";
import { GAME_FILE_CODES, GAME_FILE_RULES } from "./game-file-rules";

// The node's FileError codes (game-node/files/file-error.ts) as the APIs answer them: the status the
// node gave them (404, 409, 413, else 400) and a code of the portal's. The node's sentences name user
// paths only, never the host path, so they are passed on as they are.
const FILE_REFUSALS: Record<FileErrorCode, { kind: DomainErrorKind; code: string }> = {
  not_found: { kind: "not_found", code: GAME_FILE_CODES.notFound },
  exists: { kind: "conflict", code: GAME_FILE_CODES.exists },
  quota_exceeded: { kind: "too_large", code: GAME_FILE_CODES.quotaExceeded },
  too_large: { kind: "too_large", code: GAME_FILE_CODES.tooLarge },
  outside_root: { kind: "invalid", code: GAME_FILE_CODES.outsideRoot },
  invalid_path: { kind: "invalid", code: GAME_FILE_CODES.invalidPath },
  is_directory: { kind: "invalid", code: GAME_FILE_CODES.isDirectory },
  not_directory: { kind: "invalid", code: GAME_FILE_CODES.notDirectory },
  archive_refused: { kind: "invalid", code: GAME_FILE_CODES.archiveRefused },
};

/**
 * The one mapping of a node's answer to a file request: a file refusal by its `fileCode`, a body the
 * node would not take as a validation refusal on its field, anything else as the backend's refusal
 * (unreachable node 503, its own message never shown).
 */
export function gameFileRefusal(error: unknown): unknown {
  if (isGameNodeError(error, "file")) {
    const mapped = FILE_REFUSALS[error.fileCode as FileErrorCode];
    if (mapped) return new DomainError(mapped.kind, error.message, { code: mapped.code });
    return new DomainError("invalid", error.message);
  }
  if (isGameNodeError(error, "validation")) {
    if (error.status === 413) return new DomainError("too_large", error.message, { code: GAME_FILE_CODES.tooLarge });
    return new DomainError("invalid", "Validation failed", { code: VALIDATION_FAILED, details: [{ field: error.field ?? "body", message: error.message }] });
  }
  if (isGameNodeError(error, "not_found")) return new DomainError("not_found", "Server not found on its host");
  if (isGameNodeError(error)) return new DomainError("invalid", GAME_FILE_RULES.nodeRefused);
  return backendRefusal(error);
}

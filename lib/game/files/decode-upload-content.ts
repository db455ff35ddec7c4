import { MAX_UPLOAD_BYTES } from "@/game-node/protocol/node-api";
import { DomainError, VALIDATION_FAILED } from "@/lib/errors/domain-error";
import { GAME_FILE_RULES } from "./game-file-rules";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function invalidContent(message: string): DomainError {
  return new DomainError("invalid", "Validation failed", { code: VALIDATION_FAILED, details: [{ field: "content", message }] });
}

/**
 * An upload's `content`: standard base64 (whitespace ignored, padding optional), at most
 * MAX_UPLOAD_BYTES once decoded. Node's decoder skips what it does not understand, so the text is
 * checked first: a stray character is a refusal, never a silently shorter file.
 */
export function decodeUploadContent(content: string): Buffer {
  const compact = content.replace(/\s+/g, "");
  if (!BASE64.test(compact) || compact.length % 4 === 1) throw invalidContent(GAME_FILE_RULES.uploadNotBase64);
  // 3 bytes per 4 characters: the size is known before anything is decoded.
  const padding = compact.endsWith("==") ? 2 : compact.endsWith("=") ? 1 : 0;
  const decodedBytes = Math.floor((compact.length * 3) / 4) - padding;
  if (decodedBytes > MAX_UPLOAD_BYTES) throw invalidContent(GAME_FILE_RULES.uploadTooLarge);
  return Buffer.from(compact, "base64");
}

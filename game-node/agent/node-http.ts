// The small HTTP toolkit of the node API (docs/game-servers.md#node-api): typed errors with their
// status, JSON answers, bounded JSON bodies, and the bearer check in constant time.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import { isFileError } from "../files/file-error";
import type { NodeErrorBody, NodeErrorCode } from "../protocol/node-api";

/** JSON bodies: the largest is an upload, 4 MiB of file as base64 (about 5.6 MiB) plus its names. */
export const MAX_JSON_BODY_BYTES = 8 * 1024 * 1024;

export class NodeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: NodeErrorCode,
    message: string,
    readonly extra: { fileCode?: string; field?: string } = {},
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  res.end(text);
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204, { "cache-control": "no-store" });
  res.end();
}

/** A FileError maps by its code (404, 409, 413, else 400); anything unexpected is 500 `internal`, its details only in the log. */
export function toApiError(error: unknown): NodeApiError {
  if (error instanceof NodeApiError) return error;
  if (isFileError(error)) {
    const status = error.code === "not_found" ? 404 : error.code === "exists" ? 409 : error.code === "too_large" || error.code === "quota_exceeded" ? 413 : 400;
    return new NodeApiError(status, "file", error.message, { fileCode: error.code });
  }
  return new NodeApiError(500, "internal", "The game node could not do that; its log has the details.");
}

export function sendError(res: ServerResponse, error: NodeApiError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: NodeErrorBody = { error: { code: error.code, message: error.message, ...error.extra } };
  sendJson(res, error.status, body);
}

export function bearerMatches(header: string | undefined, nodeToken: string): boolean {
  if (typeof header !== "string" || !header.startsWith("Bearer ")) return false;
  // Hashing first gives equal lengths, so the comparison's time does not depend on where they differ.
  const given = createHash("sha256").update(header.slice("Bearer ".length)).digest();
  const expected = createHash("sha256").update(nodeToken).digest();
  return timingSafeEqual(given, expected);
}

/** Reads and parses a JSON body against `schema`; a bad body is 400 `validation` naming the field. */
export async function readJson<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.infer<S>> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_JSON_BODY_BYTES) throw new NodeApiError(413, "validation", `The request body is larger than ${MAX_JSON_BODY_BYTES} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BODY_BYTES) throw new NodeApiError(413, "validation", `The request body is larger than ${MAX_JSON_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new NodeApiError(400, "validation", "The request body is not JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join(".");
    throw new NodeApiError(400, "validation", field ? `${field}: ${issue.message}` : issue.message, field ? { field } : {});
  }
  return parsed.data;
}

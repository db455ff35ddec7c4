// The file endpoints of the node API (docs/game-servers.md#node-api): every one goes through the
// server's one ServerRoot. Query paths arrive decoded once by the URL parser and go through the path
// rule as they are (`%2e%2e` in a query is `..`, refused; `%252e` is a literal name).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { compressFiles } from "../files/compress-archive";
import { decompressArchive } from "../files/decompress-archive";
import { FileError } from "../files/file-error";
import { readChunks, type ServerRoot } from "../files/server-root";
import { parseUserPath } from "../files/user-path";
import { FILE_OPS, MAX_TEXT_FILE_BYTES, MAX_UPLOAD_BYTES, fileOpBodySchemas, type FileEntryView, type FileOp } from "../protocol/node-api";
import { NodeApiError, readJson, sendJson, sendNoContent } from "./node-http";
import { writeStream } from "./stream-write";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export async function handleFileRoute(req: IncomingMessage, res: ServerResponse, root: ServerRoot, action: string, query: URLSearchParams): Promise<void> {
  const method = req.method ?? "GET";
  if (method === "GET" && action === "list") {
    const entries: FileEntryView[] = await root.list(query.get("path") ?? "/");
    return sendJson(res, 200, entries);
  }
  if (method === "GET" && action === "contents") {
    const bytes = await root.read(requiredPath(query), { maxBytes: MAX_TEXT_FILE_BYTES });
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "content-length": bytes.length, "cache-control": "no-store" });
    res.end(bytes);
    return;
  }
  if (method === "GET" && action === "download") return download(res, root, requiredPath(query));
  if (method === "PUT" && action === "raw") {
    const length = req.headers["content-length"];
    await writeStream(root, requiredPath(query), req, length === undefined ? null : Number(length));
    return sendNoContent(res);
  }
  if (method === "POST" && (FILE_OPS as string[]).includes(action)) {
    return sendJson(res, 200, await runFileOp(req, root, action as FileOp));
  }
  throw new NodeApiError(404, "not_found", "There is no such file operation.");
}

function requiredPath(query: URLSearchParams): string {
  const value = query.get("path");
  if (!value) throw new NodeApiError(400, "validation", "path is required.", { field: "path" });
  return value;
}

/** `root` + `/` + a name from a body's `files`: the path rule then checks the whole. */
function inside(root: string, name: string): string {
  return `${root.replace(/\/+$/, "")}/${name}`;
}

async function download(res: ServerResponse, root: ServerRoot, userPath: string): Promise<void> {
  const segments = parseUserPath(userPath);
  const { handle, stats } = await root.openFileForRead(segments);
  try {
    const name = segments[segments.length - 1];
    res.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-length": stats.size,
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "no-store",
    });
    // Exactly the size announced: a file that grows while it is sent is cut there.
    let left = stats.size;
    const body = (async function* () {
      for await (const chunk of readChunks(handle)) {
        if (left <= 0) return;
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        yield piece;
      }
    })();
    await pipeline(Readable.from(body), res);
  } finally {
    await handle.close();
  }
}

async function runFileOp(req: IncomingMessage, root: ServerRoot, op: FileOp): Promise<Record<string, unknown>> {
  switch (op) {
    case "write": {
      const body = await readJson(req, fileOpBodySchemas.write);
      const bytes = Buffer.from(body.content, "utf8");
      if (bytes.length > MAX_TEXT_FILE_BYTES) throw new FileError("too_large", `A text file may be at most ${MAX_TEXT_FILE_BYTES} bytes here.`);
      await root.write(body.path, bytes);
      return { ok: true };
    }
    case "mkdir": {
      const body = await readJson(req, fileOpBodySchemas.mkdir);
      await root.mkdir(body.path);
      return { ok: true };
    }
    case "rename": {
      const body = await readJson(req, fileOpBodySchemas.rename);
      await root.rename(body.from, body.to);
      return { ok: true };
    }
    case "delete": {
      const body = await readJson(req, fileOpBodySchemas.delete);
      // Every name is checked before anything is deleted, so a bad name in the list deletes nothing.
      const paths = body.files.map((name) => inside(body.root, name));
      for (const path of paths) parseUserPath(path);
      for (const path of paths) await root.delete(path);
      return { ok: true, deleted: paths.length };
    }
    case "compress": {
      const body = await readJson(req, fileOpBodySchemas.compress);
      const result = await compressFiles(root, { directory: body.root, files: body.files });
      return { ok: true, archive: result.path, skipped: result.skipped };
    }
    case "decompress": {
      const body = await readJson(req, fileOpBodySchemas.decompress);
      const result = await decompressArchive(root, { archive: inside(body.root, body.file), destination: body.root });
      return { ok: true, ...result };
    }
    case "chmod": {
      const body = await readJson(req, fileOpBodySchemas.chmod);
      await root.chmod(body.path, body.mode);
      return { ok: true };
    }
    case "upload": {
      const body = await readJson(req, fileOpBodySchemas.upload);
      if (body.name.includes("/")) throw new FileError("invalid_path", "The file name may not contain a slash.");
      const content = body.content.replace(/\s+/g, "");
      if (!BASE64.test(content) || content.length % 4 === 1) throw new NodeApiError(400, "validation", "content must be base64.", { field: "content" });
      const bytes = Buffer.from(content, "base64");
      if (bytes.length > MAX_UPLOAD_BYTES) throw new FileError("too_large", `An upload may be at most ${MAX_UPLOAD_BYTES} bytes.`);
      await root.write(inside(body.path, body.name), bytes);
      return { ok: true };
    }
  }
}

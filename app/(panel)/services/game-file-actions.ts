"use server";

import type { FileEntryView } from "@/game-node/protocol/node-api";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { gameFileOp, type GameFileOpResult } from "@/lib/game/files/game-file-op";
import { listGameFiles } from "@/lib/game/files/list-game-files";
import { readGameFile } from "@/lib/game/files/read-game-file";
import { serviceContext } from "@/lib/services/service-context";
import { access } from "./panel-access";

// The panel's file manager (docs/game-servers.md#panel-files): reads need services.view, changes
// services.manage on a writable account; each then calls the lib/game/files function the APIs call.
// Uploads go through files/upload/route.ts: a server action's body is capped at 1 MiB.

const run = <T,>(fn: () => Promise<{ data: T; message?: string }>) => runAction(fn, { log: "[panel] game file action failed", fullStop: true });

async function reader() {
  const a = await access();
  if (!a.canView) throw new DomainError("not_found", "Game server not found");
  return serviceContext({ db: getDb(), actor: { ...a.scope, kind: "game" } });
}

async function writer() {
  const a = await access({ change: true });
  if (!a.canManage) throw new DomainError("forbidden", "Changing files needs the services.manage permission on this account");
  return serviceContext({ db: getDb(), actor: { ...a.scope, kind: "game" } });
}

const op = async (serviceId: string, name: string, body: unknown): Promise<GameFileOpResult> => gameFileOp(await writer(), { serviceId, op: name, body });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function listGameFilesAction(serviceId: string, path: string): Promise<ActionResult<{ path: string; entries: FileEntryView[] }>> {
  return run(async () => ({ data: await listGameFiles(await reader(), { serviceId, path }) }));
}

export async function readGameFileAction(serviceId: string, path: string): Promise<ActionResult<{ path: string; content: string }>> {
  return run(async () => ({ data: await readGameFile(await reader(), { serviceId, path }) }));
}

export async function writeGameFileAction(serviceId: string, path: string, content: string): Promise<ActionResult<GameFileOpResult>> {
  return run(async () => ({ data: await op(serviceId, "write", { path, content }), message: "Saved" }));
}

export async function makeGameFolderAction(serviceId: string, path: string): Promise<ActionResult<GameFileOpResult>> {
  return run(async () => ({ data: await op(serviceId, "mkdir", { path }), message: "Folder created" }));
}

export async function renameGameFileAction(serviceId: string, from: string, to: string): Promise<ActionResult<GameFileOpResult>> {
  return run(async () => ({ data: await op(serviceId, "rename", { from, to }), message: "Renamed" }));
}

export async function deleteGameFilesAction(serviceId: string, root: string, files: string[]): Promise<ActionResult<GameFileOpResult>> {
  return run(async () => {
    const data = await op(serviceId, "delete", { root, files });
    return { data, message: `Deleted ${plural(data.deleted ?? files.length, "item")}` };
  });
}

export async function compressGameFilesAction(serviceId: string, root: string, files: string[]): Promise<ActionResult<GameFileOpResult>> {
  return run(async () => {
    const data = await op(serviceId, "compress", { root, files });
    const skipped = data.skipped?.length ? ` (${plural(data.skipped.length, "item")} skipped)` : "";
    return { data, message: `Created ${data.archive?.split("/").pop() ?? "the archive"}${skipped}` };
  });
}

export async function decompressGameFileAction(serviceId: string, root: string, file: string): Promise<ActionResult<GameFileOpResult>> {
  return run(async () => {
    const data = await op(serviceId, "decompress", { root, file });
    return { data, message: `Extracted ${plural(data.files ?? 0, "file")} and ${plural(data.folders ?? 0, "folder")}` };
  });
}

"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { toastResult } from "@/components/services/perform";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog, Dialog, DialogActions } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import type { FileEntryView } from "@/game-node/protocol/node-api";
import type { ActionResult } from "@/lib/actions/action-result";
import { formatBytes } from "@/lib/format/data-units";
import { FileBreadcrumbs } from "./file-breadcrumbs";
import { FileEditor } from "./file-editor";
import { EDITOR_MAX_BYTES, openVerdict, UPLOAD_MAX_BYTES } from "./file-limits";
import { FileList } from "./file-list";
import { childPath, normalizeDir } from "./file-paths";
import { NameDialog, type NameRequest } from "./name-dialog";
import { UploadList } from "./upload-list";
import { useFileUploads } from "./use-file-uploads";

/** The server actions the file manager calls (app/(panel)/services/game-file-actions.ts). */
export interface GameFileActions {
  list: (serviceId: string, path: string) => Promise<ActionResult<{ path: string; entries: FileEntryView[] }>>;
  read: (serviceId: string, path: string) => Promise<ActionResult<{ path: string; content: string }>>;
  write: (serviceId: string, path: string, content: string) => Promise<ActionResult<unknown>>;
  mkdir: (serviceId: string, path: string) => Promise<ActionResult<unknown>>;
  rename: (serviceId: string, from: string, to: string) => Promise<ActionResult<unknown>>;
  remove: (serviceId: string, root: string, files: string[]) => Promise<ActionResult<unknown>>;
  compress: (serviceId: string, root: string, files: string[]) => Promise<ActionResult<unknown>>;
  decompress: (serviceId: string, root: string, file: string) => Promise<ActionResult<unknown>>;
}

const MIB = (bytes: number) => `${bytes / 1024 / 1024} MiB`;
const listKey = (serviceId: string, dir?: string) => (dir === undefined ? ["game-files", serviceId] : ["game-files", serviceId, dir]);

/**
 * The game server's files (docs/game-servers.md#panel-files): browse folders, edit text files in
 * CodeMirror, upload by drag and drop or picker, and rename, delete, download, archive and extract.
 */
export function GameFileManager({ serviceId, canManage, actions }: { serviceId: string; canManage: boolean; actions: GameFileActions }) {
  const queryClient = useQueryClient();
  const [dir, setDir] = useState("/");
  const [editing, setEditing] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [naming, setNaming] = useState<NameRequest | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [notEditable, setNotEditable] = useState<FileEntryView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const picker = useRef<HTMLInputElement>(null);

  const { data, error, isPending, dataUpdatedAt, refetch, isFetching } = useQuery({
    queryKey: listKey(serviceId, dir),
    queryFn: async () => {
      const result = await actions.list(serviceId, dir);
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
    retry: 1,
  });
  const entries = useMemo(() => data?.entries ?? [], [data]);
  const now = useMemo(() => new Date(dataUpdatedAt), [dataUpdatedAt]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: listKey(serviceId) }), [queryClient, serviceId]);
  const downloadHref = (path: string) => `/services/${encodeURIComponent(serviceId)}/files/download?path=${encodeURIComponent(path)}`;
  const uploads = useFileUploads(`/services/${encodeURIComponent(serviceId)}/files/upload`, () => void refresh());

  const openDir = (path: string) => {
    setDir(normalizeDir(path));
    setSelected(new Set());
  };

  /** Runs one change, toasts its outcome and reloads the listing. */
  const perform = async (key: string, fn: () => Promise<ActionResult<unknown>>) => {
    setBusy(key);
    const result = await fn();
    setBusy(null);
    toastResult(result);
    if (result.ok) {
      setSelected(new Set());
      void refresh();
    }
    return result;
  };

  const exists = (name: string) => (entries.some((entry) => entry.name === name) ? `${name} already exists in this folder.` : null);
  const open = (entry: FileEntryView) => {
    if (entry.type === "dir") return openDir(childPath(dir, entry.name));
    if (openVerdict(entry) === "edit") setEditing(childPath(dir, entry.name));
    else setNotEditable(entry);
  };

  const newFolder = () =>
    setNaming({
      title: "New folder",
      label: "Folder name",
      initial: "",
      confirmLabel: "Create folder",
      check: exists,
      submit: (name) => perform("mkdir", () => actions.mkdir(serviceId, childPath(dir, name))),
    });
  const newFile = () =>
    setNaming({
      title: "New file",
      label: "File name",
      initial: "",
      confirmLabel: "Create and edit",
      check: exists,
      submit: async (name) => {
        const result = await perform("write", () => actions.write(serviceId, childPath(dir, name), ""));
        if (result.ok) setEditing(childPath(dir, name));
        return result;
      },
    });
  const rename = (entry: FileEntryView) =>
    setNaming({
      title: `Rename ${entry.name}`,
      label: "New name",
      initial: entry.name,
      confirmLabel: "Rename",
      check: (name) => (name === entry.name ? "Enter a different name." : exists(name)),
      submit: (name) => perform("rename", () => actions.rename(serviceId, childPath(dir, entry.name), childPath(dir, name))),
    });

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    if (canManage && event.dataTransfer.files.length > 0) uploads.add(event.dataTransfer.files, dir);
  };
  const dragHandlers = canManage && !editing
    ? {
        onDragEnter: (event: React.DragEvent) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          dragDepth.current += 1;
          setDragging(true);
        },
        onDragLeave: () => {
          dragDepth.current = Math.max(0, dragDepth.current - 1);
          if (dragDepth.current === 0) setDragging(false);
        },
        onDragOver: (event: React.DragEvent) => event.preventDefault(),
        onDrop,
      }
    : {};

  return (
    <Card data-testid="game-files" className="relative" {...dragHandlers}>
      <CardHeader
        title="Files"
        description={canManage ? `Browse and edit the server's files. Drop files here to upload them (up to ${MIB(UPLOAD_MAX_BYTES)} each; use SFTP for bigger ones).` : "Browse and download the server's files."}
        action={
          canManage && !editing ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={newFolder}>
                New folder
              </Button>
              <Button variant="secondary" size="sm" onClick={newFile}>
                New file
              </Button>
              <Button size="sm" onClick={() => picker.current?.click()}>
                Upload
              </Button>
              <input
                ref={picker}
                type="file"
                multiple
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => {
                  if (event.target.files) uploads.add(event.target.files, dir);
                  event.target.value = "";
                }}
              />
            </div>
          ) : null
        }
      />
      <CardBody className="space-y-3">
        {editing ? (
          <FileEditor
            key={editing}
            path={editing}
            canManage={canManage}
            read={(path) => actions.read(serviceId, path)}
            write={async (path, content) => {
              const result = await actions.write(serviceId, path, content);
              if (result.ok) void refresh();
              return result;
            }}
            downloadHref={downloadHref(editing)}
            onClose={() => setEditing(null)}
          />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <FileBreadcrumbs path={dir} onOpen={openDir} />
              {isFetching && !isPending && <Spinner className="text-neutral-400" />}
            </div>
            {selected.size > 0 && (
              <div className="flex flex-wrap items-center gap-2 rounded-md bg-neutral-100 px-3 py-2 text-sm" role="toolbar" aria-label="Selected files">
                <span className="mr-auto font-medium">{selected.size} selected</span>
                <Button variant="secondary" size="sm" pending={busy === "compress"} onClick={() => void perform("compress", () => actions.compress(serviceId, dir, [...selected]))}>
                  Archive
                </Button>
                <Button variant="danger" size="sm" pending={busy === "delete"} onClick={() => setDeleting([...selected])}>
                  Delete
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                  Clear
                </Button>
              </div>
            )}
            <UploadList items={uploads.items} onClear={uploads.clearFinished} />
            {isPending ? (
              <div className="flex items-center gap-2 py-6 text-sm text-neutral-500">
                <Spinner /> Loading {dir}…
              </div>
            ) : error ? (
              <Alert tone="error" title="The folder could not be listed">
                <p>{error.message}</p>
                <div className="mt-2 flex gap-2">
                  <Button variant="secondary" size="sm" onClick={() => void refetch()}>
                    Try again
                  </Button>
                  {dir !== "/" && (
                    <Button variant="ghost" size="sm" onClick={() => openDir("/")}>
                      Go to the top folder
                    </Button>
                  )}
                </div>
              </Alert>
            ) : entries.length === 0 ? (
              <div className="rounded-md border border-dashed border-neutral-300">
                <EmptyState title={dir === "/" ? "No files yet" : "This folder is empty"}>
                  {canManage ? "Drop files here, choose Upload, or create a file or folder with the buttons above." : "Nothing to show here."}
                </EmptyState>
              </div>
            ) : (
              <FileList
                entries={entries}
                selected={selected}
                canManage={canManage}
                now={now}
                onToggle={(name) =>
                  setSelected((old) => {
                    const next = new Set(old);
                    if (!next.delete(name)) next.add(name);
                    return next;
                  })
                }
                onToggleAll={() => setSelected((old) => (entries.every((entry) => old.has(entry.name)) ? new Set() : new Set(entries.map((entry) => entry.name))))}
                handlers={{
                  open,
                  rename,
                  remove: (entry) => setDeleting([entry.name]),
                  extract: (entry) => void perform("decompress", () => actions.decompress(serviceId, dir, entry.name)),
                  downloadHref: (entry) => downloadHref(childPath(dir, entry.name)),
                }}
              />
            )}
          </>
        )}
      </CardBody>
      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-lg border-2 border-dashed border-neutral-900 bg-white/90 text-sm font-medium text-neutral-900" aria-hidden="true">
          Drop to upload to {dir}
        </div>
      )}
      <NameDialog request={naming} onClose={() => setNaming(null)} />
      <ConfirmDialog
        item={deleting}
        title={(names) => (names.length === 1 ? `Delete ${names[0]}?` : `Delete ${names.length} items?`)}
        description={(names) => (
          <>
            <p>This cannot be undone{names.length > 1 ? "; folders are deleted with everything in them" : ""}.</p>
            {names.length > 1 && (
              <ul className="mt-2 max-h-40 list-disc overflow-auto pl-5 font-mono text-xs">
                {names.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            )}
          </>
        )}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={(names) => void perform("delete", () => actions.remove(serviceId, dir, names))}
      />
      <Dialog
        open={notEditable !== null}
        onClose={() => setNotEditable(null)}
        title={notEditable ? `${notEditable.name} cannot be edited here` : ""}
        description={
          notEditable && openVerdict(notEditable) === "too_large"
            ? `It is ${formatBytes(notEditable.size)}; the editor opens files up to ${MIB(EDITOR_MAX_BYTES)}. Download it, or edit it over SFTP.`
            : "It is not a text file. Download it instead."
        }
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setNotEditable(null)}>
            Close
          </Button>
          {notEditable && (
            <a className={cn(buttonClasses())} href={downloadHref(childPath(dir, notEditable.name))} download={notEditable.name} onClick={() => setNotEditable(null)}>
              Download
            </a>
          )}
        </DialogActions>
      </Dialog>
    </Card>
  );
}

"use client";

import type { FileEntryView } from "@/game-node/protocol/node-api";
import { formatBytes } from "@/lib/format/data-units";
import { formatDateTime } from "@/lib/format/format-date-time";
import { formatRelativeTime } from "@/lib/format/format-relative-time";
import { isArchiveName } from "./file-paths";
import { RowMenu, type RowMenuItem } from "./row-menu";

export interface FileRowHandlers {
  open: (entry: FileEntryView) => void;
  rename: (entry: FileEntryView) => void;
  remove: (entry: FileEntryView) => void;
  extract: (entry: FileEntryView) => void;
  downloadHref: (entry: FileEntryView) => string;
}

const FolderIcon = () => (
  <svg viewBox="0 0 24 24" className="size-4 shrink-0 text-amber-600" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinejoin="round" aria-hidden="true">
    <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4l2 2h9A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z" />
  </svg>
);
const FileIcon = () => (
  <svg viewBox="0 0 24 24" className="size-4 shrink-0 text-neutral-400" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinejoin="round" aria-hidden="true">
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4" />
  </svg>
);

/** The folder's entries, folders first (the node's order): select, open, and each row's actions. */
export function FileList({
  entries,
  selected,
  onToggle,
  onToggleAll,
  canManage,
  handlers,
  now,
}: {
  entries: FileEntryView[];
  selected: ReadonlySet<string>;
  onToggle: (name: string) => void;
  onToggleAll: () => void;
  canManage: boolean;
  handlers: FileRowHandlers;
  now: Date;
}) {
  const all = entries.length > 0 && entries.every((entry) => selected.has(entry.name));
  return (
    <div className="overflow-hidden rounded-md border border-neutral-200">
      <div className="flex items-center gap-3 border-b border-neutral-200 bg-neutral-50 px-3 py-2 text-xs font-medium text-neutral-500">
        {canManage && <input type="checkbox" className="size-4 accent-neutral-900" aria-label="Select all" checked={all} onChange={onToggleAll} />}
        <span className="flex-1">Name</span>
        <span className="hidden w-20 text-right sm:block">Size</span>
        <span className="hidden w-32 text-right sm:block">Modified</span>
        <span className="w-8" aria-hidden="true" />
      </div>
      <ul className="divide-y divide-neutral-100" data-testid="file-list">
        {entries.map((entry) => {
          const isDir = entry.type === "dir";
          const isFile = entry.type === "file";
          const modified = new Date(entry.modifiedAt);
          const size = isFile ? formatBytes(entry.size) : "";
          const items: RowMenuItem[] = [];
          if (isDir || isFile) items.push({ label: isDir ? "Open" : canManage ? "Edit" : "View", onSelect: () => handlers.open(entry) });
          if (isFile) items.push({ label: "Download", href: handlers.downloadHref(entry), download: entry.name });
          if (canManage && isFile && isArchiveName(entry.name)) items.push({ label: "Extract here", onSelect: () => handlers.extract(entry) });
          if (canManage) items.push({ label: "Rename", onSelect: () => handlers.rename(entry) }, { label: "Delete", danger: true, onSelect: () => handlers.remove(entry) });
          return (
            <li key={entry.name} className="flex items-center gap-3 px-3 py-1.5 hover:bg-neutral-50" data-testid="file-row">
              {canManage && <input type="checkbox" className="size-4 shrink-0 accent-neutral-900" aria-label={`Select ${entry.name}`} checked={selected.has(entry.name)} onChange={() => onToggle(entry.name)} />}
              <div className="min-w-0 flex-1">
                {isDir || isFile ? (
                  <button type="button" className="flex max-w-full items-center gap-2 rounded text-left text-sm text-neutral-900 hover:underline focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none" onClick={() => handlers.open(entry)}>
                    {isDir ? <FolderIcon /> : <FileIcon />}
                    <span className="truncate font-mono">{entry.name}</span>
                  </button>
                ) : (
                  <span className="flex items-center gap-2 text-sm text-neutral-500" title="A link or special file: it cannot be opened here">
                    <FileIcon />
                    <span className="truncate font-mono">{entry.name}</span>
                    <span className="shrink-0 text-xs">({entry.type === "symlink" ? "link" : "special"})</span>
                  </span>
                )}
                <p className="mt-0.5 pl-6 text-xs text-neutral-500 sm:hidden">{[size, formatRelativeTime(modified, now)].filter(Boolean).join(" · ")}</p>
              </div>
              <span className="hidden w-20 shrink-0 text-right text-sm text-neutral-600 tabular-nums sm:block">{size}</span>
              <span className="hidden w-32 shrink-0 text-right text-sm text-neutral-600 sm:block" title={formatDateTime(modified)}>
                {formatRelativeTime(modified, now)}
              </span>
              <div className="w-8 shrink-0">{items.length > 0 && <RowMenu label={`Actions for ${entry.name}`} items={items} />}</div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

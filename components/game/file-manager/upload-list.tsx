"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { UploadItem } from "./use-file-uploads";

const STATUS: Record<UploadItem["status"], string> = { waiting: "Waiting", reading: "Reading", sending: "Uploading", done: "Uploaded", failed: "Not uploaded" };

/** Each upload with its progress, or why it was refused. */
export function UploadList({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null;
  const finished = items.some((item) => item.status === "done" || item.status === "failed");
  return (
    <div className="rounded-md border border-neutral-200" aria-label="Uploads" role="region">
      <ul className="divide-y divide-neutral-100 text-sm" aria-live="polite">
        {items.map((item) => (
          <li key={item.id} className="px-3 py-2" data-testid="upload-item">
            <div className="flex items-center justify-between gap-3">
              <span className="min-w-0 truncate font-mono text-xs" title={`${item.folder} / ${item.name}`}>
                {item.name}
              </span>
              <span className={cn("shrink-0 text-xs", item.status === "failed" ? "text-red-700" : item.status === "done" ? "text-emerald-700" : "text-neutral-500")}>
                {STATUS[item.status]}
                {(item.status === "reading" || item.status === "sending") && ` ${Math.round(item.progress * 100)}%`}
              </span>
            </div>
            {(item.status === "reading" || item.status === "sending") && (
              <div className="mt-1.5 h-1 overflow-hidden rounded bg-neutral-100" role="progressbar" aria-label={`${item.name}: ${STATUS[item.status]}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.progress * 100)}>
                <div className="h-full bg-neutral-900 transition-[width]" style={{ width: `${Math.round(item.progress * 100)}%` }} />
              </div>
            )}
            {item.error && <p className="mt-1 text-xs text-red-700">{item.error}</p>}
          </li>
        ))}
      </ul>
      {finished && (
        <div className="border-t border-neutral-100 px-3 py-1.5 text-right">
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear finished
          </Button>
        </div>
      )}
    </div>
  );
}

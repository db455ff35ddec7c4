"use client";

import { breadcrumbsOf } from "./file-paths";

/** Where the listing is: each folder up to the root is a button (so Tab and Enter reach it). */
export function FileBreadcrumbs({ path, onOpen }: { path: string; onOpen: (path: string) => void }) {
  const crumbs = breadcrumbsOf(path);
  return (
    <nav aria-label="Folder" className="min-w-0">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-0.5 font-mono text-sm">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-1">
              {i > 0 && <span className="text-neutral-400" aria-hidden="true">/</span>}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-neutral-900">
                  {crumb.name}
                </span>
              ) : (
                <button type="button" className="truncate rounded px-0.5 text-neutral-600 underline-offset-2 hover:text-neutral-900 hover:underline focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none" onClick={() => onOpen(crumb.path)}>
                  {crumb.name}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

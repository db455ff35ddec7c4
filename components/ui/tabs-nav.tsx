"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { cn } from "./cn";

export interface TabsNavItem {
  href: string;
  label: string;
  current: boolean;
  /** Drawn in red and set apart at the end: a tab whose actions destroy something. */
  danger?: boolean;
}

/**
 * A row of tabs that are links (each its own address, rendered by the server): a navigation landmark
 * with the current tab marked `aria-current="page"`, reached with Tab and followed with Enter like any
 * link. On a narrow screen the row scrolls sideways inside its own box (never the page), and the
 * current tab is scrolled into view.
 */
export function TabsNav({ label, items, className }: { label: string; items: readonly TabsNavItem[]; className?: string }) {
  const strip = useRef<HTMLUListElement>(null);
  const current = useRef<HTMLAnchorElement>(null);
  const currentHref = items.find((i) => i.current)?.href;
  useEffect(() => {
    // Only the strip scrolls, never the page (scrollIntoView would move the page off a #fragment).
    const box = strip.current;
    const tab = current.current?.parentElement;
    if (!box || !tab) return;
    if (tab.offsetLeft < box.scrollLeft) box.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > box.scrollLeft + box.clientWidth) box.scrollLeft = tab.offsetLeft + tab.offsetWidth - box.clientWidth;
  }, [currentHref]);
  return (
    <nav aria-label={label} className={cn("min-w-0", className)}>
      <ul ref={strip} className="relative flex gap-1 overflow-x-auto border-b border-neutral-200 [scrollbar-width:thin]">
        {items.map((item) => (
          <li key={item.href} className={cn("shrink-0", item.danger && "ml-auto pl-4")}>
            <Link
              ref={item.current ? current : undefined}
              href={item.href}
              scroll={false}
              aria-current={item.current ? "page" : undefined}
              className={cn(
                "-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-offset-[-2px]",
                item.current
                  ? item.danger
                    ? "border-red-600 text-red-700"
                    : "border-neutral-900 text-neutral-900"
                  : item.danger
                    ? "border-transparent text-red-600 hover:text-red-800"
                    : "border-transparent text-neutral-500 hover:text-neutral-900",
              )}
            >
              {item.danger && (
                <svg aria-hidden viewBox="0 0 16 16" className="size-3.5 fill-current">
                  <path d="M8 1.5 15 14H1L8 1.5Zm0 4a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 8 5.5Zm0 7.25a.9.9 0 1 0 0-1.8.9.9 0 0 0 0 1.8Z" />
                </svg>
              )}
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

"use client";

import { useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { Badge } from "@/components/ui/badge";
import { useFullscreen } from "./use-fullscreen";
import { Button } from "@/components/ui/button";

/** Pressed inside a console's screen, moves focus back to the toolbar (the screen keeps every other key, Tab included). */
export const LEAVE_CONSOLE_SHORTCUT = "Ctrl+]";

function isLeaveShortcut(e: KeyboardEvent): boolean {
  return e.ctrlKey && !e.altKey && !e.metaKey && (e.key === "]" || e.code === "BracketRight");
}

/**
 * The frame both viewers share: a toolbar (the title, a "View only" badge, the viewer's own buttons,
 * full screen), the screen, the hint about the keyboard and the state line. The screen grabs every
 * key while it has focus, so Ctrl+] is caught before the viewer sees it and returns focus to the
 * toolbar: the keyboard is never trapped.
 */
export function ConsoleFrame({
  title,
  viewOnly,
  tools,
  screen,
  status,
  overlay,
  className,
}: {
  /** A word or two over the screen while it shows nothing live (the state line has the full sentence). */
  overlay?: string | null;
  title?: string;
  viewOnly?: boolean;
  tools?: React.ReactNode;
  screen: (fullscreen: boolean) => React.ReactNode;
  status: React.ReactNode;
  className?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const screenBox = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(frame);

  useEffect(() => {
    const box = screenBox.current;
    if (!box) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isLeaveShortcut(e)) return;
      e.preventDefault();
      e.stopPropagation();
      toolbar.current?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
    };
    // Capture phase on an ancestor: runs before the viewer's own key listeners on its canvas or textarea.
    box.addEventListener("keydown", onKey, { capture: true });
    return () => box.removeEventListener("keydown", onKey, { capture: true });
  }, []);

  return (
    <div ref={frame} className={cn("flex flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white", fullscreen.active && "h-full rounded-none border-0", className)}>
      <div ref={toolbar} role="toolbar" aria-label={title ? `${title} console` : "Console"} className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-3 py-2">
        <div className="mr-auto flex min-w-0 items-center gap-2">
          {title && <span className="truncate text-sm font-medium text-neutral-900">{title}</span>}
          {viewOnly && <Badge tone="blue">View only</Badge>}
        </div>
        {tools}
        {fullscreen.supported && (
          <Button size="sm" variant="secondary" aria-pressed={fullscreen.active} onClick={fullscreen.toggle}>
            {fullscreen.active ? "Exit full screen" : "Full screen"}
          </Button>
        )}
      </div>
      <div ref={screenBox} className={cn("relative min-h-0 bg-neutral-950 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-sky-400", fullscreen.active && "flex-1")}>
        {screen(fullscreen.active)}
        {overlay && (
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center p-4 text-center text-sm font-medium text-neutral-300">
            {overlay}
          </div>
        )}
      </div>
      {!viewOnly && (
        <p className="border-t border-neutral-100 px-3 pt-2 text-xs text-neutral-500">
          Click the screen or move to it with Tab to type; every key then goes to the server. <kbd className="font-mono">{LEAVE_CONSOLE_SHORTCUT}</kbd> returns to the toolbar.
        </p>
      )}
      {status}
    </div>
  );
}

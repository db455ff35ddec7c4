"use client";

import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";

/**
 * The sidebar's top bar and its navigation. On wide screens the navigation is always shown; on
 * small ones it is a panel under the top bar that the menu button opens. Escape closes it and
 * gives focus back to the button; following a link closes it too.
 */
export function NavPanel({ top, children }: { top: React.ReactNode; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    panelRef.current?.querySelector<HTMLElement>("a[href]")?.focus();

    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      <div className="flex h-14 items-center gap-2 px-4 md:px-5">
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="-ml-1.5 rounded-md p-1.5 text-neutral-700 hover:bg-neutral-100 md:hidden"
        >
          {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
          <span className="sr-only">Menu</span>
        </button>
        {top}
      </div>
      <div
        ref={panelRef}
        id={panelId}
        className={cn("px-3 pb-3 md:flex md:flex-1 md:flex-col md:pt-2", !open && "hidden")}
        onClick={(e) => {
          if ((e.target as Element).closest("a")) setOpen(false);
        }}
      >
        {children}
      </div>
    </>
  );
}

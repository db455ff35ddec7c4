"use client";

import { useEffect, useState } from "react";
import { cn } from "./cn";

type Toast = { id: number; message: string; tone: "success" | "error" };

const listeners = new Set<(t: Toast) => void>();
let nextId = 0;

/** Shows a short message in the page's <Toaster/> (bottom right, announced politely). */
export function toast(message: string, tone: Toast["tone"] = "success"): void {
  nextId += 1;
  for (const listener of listeners) listener({ id: nextId, message, tone });
}

const VISIBLE_MS = 5000;

/** Where toasts appear; render once per page. */
export function Toaster() {
  const [items, setItems] = useState<Toast[]>([]);

  useEffect(() => {
    const listener = (t: Toast) => {
      setItems((all) => [...all.slice(-2), t]);
      setTimeout(() => setItems((all) => all.filter((x) => x.id !== t.id)), VISIBLE_MS);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  return (
    <div aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100%-2rem)] flex-col gap-2">
      {items.map((t) => (
        <div
          key={t.id}
          role={t.tone === "error" ? "alert" : "status"}
          className={cn(
            "pointer-events-auto rounded-md border px-4 py-3 text-sm shadow-lg",
            t.tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-neutral-800 bg-neutral-900 text-white",
          )}
        >
          {t.message}
        </div>
      ))}
    </div>
  );
}

"use client";

import { useEffect, useState } from "react";
import { Button } from "./button";
import type { ButtonSize, ButtonVariant } from "./button-classes";

/** Copies through a selected off-screen textarea where the Clipboard API is missing (plain HTTP). */
function legacyCopy(text: string): boolean {
  const area = Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } finally {
    area.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  return legacyCopy(text);
}

/** "Copy" that says "Copied" for two seconds; `text` may be a function for values fetched on demand. */
export function CopyButton({
  text,
  label = "Copy",
  variant = "secondary",
  size = "sm",
  className,
}: {
  text: string | (() => Promise<string | null>);
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (status === "idle") return;
    const timer = setTimeout(() => setStatus("idle"), 2000);
    return () => clearTimeout(timer);
  }, [status]);

  async function copy() {
    const value = typeof text === "string" ? text : await text();
    if (value === null) return;
    setStatus((await copyText(value)) ? "copied" : "failed");
  }

  return (
    <Button variant={variant} size={size} onClick={copy} className={className}>
      <span aria-live="polite">{status === "copied" ? "Copied" : status === "failed" ? "Copy failed: select and copy by hand" : label}</span>
    </Button>
  );
}

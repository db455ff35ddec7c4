"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "./button";
import { cn } from "./cn";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
};

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it, and focus goes back
 * to what opened it. A click on the backdrop closes it too. It resets the text styles it would
 * otherwise inherit from where it is rendered (a right-aligned, nowrap table cell, say).
 */
export function Dialog({ open, onClose, title, description, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border text-left text-sm font-normal whitespace-normal border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-950/40",
        className,
      )}
    >
      {open && (
        <div className="px-5 py-4">
          <h2 id={titleId} className="text-base font-semibold tracking-tight">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1.5 text-sm text-neutral-600">
              {description}
            </div>
          )}
          {children && <div className="mt-4">{children}</div>}
        </div>
      )}
    </dialog>
  );
}

/** The row of buttons at the bottom of a dialog, primary action last. */
export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-5 flex flex-wrap justify-end gap-2">{children}</div>;
}

/**
 * Asks before a destructive action on one item (a snapshot, an image): open while `item` is set,
 * Cancel and Escape clear it, the danger button clears it and hands the item to `onConfirm`.
 */
export function ConfirmDialog<T>({
  item,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  item: T | null;
  onClose: () => void;
  title: (item: T) => string;
  description: React.ReactNode | ((item: T) => React.ReactNode);
  confirmLabel: string;
  onConfirm: (item: T) => void;
}) {
  return (
    <Dialog open={item !== null} onClose={onClose} title={item === null ? "" : title(item)} description={item !== null && typeof description === "function" ? description(item) : (description as React.ReactNode)}>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            if (item === null) return;
            onClose();
            onConfirm(item);
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

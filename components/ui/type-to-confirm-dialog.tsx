"use client";

import { useId, useState } from "react";
import { Button } from "./button";
import { Dialog, DialogActions } from "./dialog";
import { Input } from "./input";

/** Whether what was typed names the item: exact (case and all), ignoring surrounding spaces. */
export function confirmationMatches(typed: string, expected: string): boolean {
  return expected.trim() !== "" && typed.trim() === expected.trim();
}

/**
 * Asks for an action that cannot be undone (terminate now, reinstall) by having the user type the
 * item's name, as DigitalOcean and Hetzner do: the danger button stays disabled until the name
 * matches. The typed name is cleared whenever the dialog closes. Focus starts in the field (the
 * first control of the modal), Escape closes, Enter submits only once the name matches.
 */
export function TypeToConfirmDialog({
  open,
  onClose,
  title,
  description,
  name,
  confirmLabel,
  onConfirm,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What is destroyed; shown above the field. */
  description: React.ReactNode;
  /** What the user types: the service's hostname (or its name when it has none). */
  name: string;
  confirmLabel: string;
  /** Runs after the dialog has closed, with what was typed (trimmed) for the server to check again. */
  onConfirm: (typed: string) => void;
  /** Anything else to show above the field (a date, a chosen image). */
  children?: React.ReactNode;
}) {
  const [typed, setTyped] = useState("");
  const fieldId = useId();
  const matches = confirmationMatches(typed, name);
  const close = () => {
    setTyped("");
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={title} description={description}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!matches) return;
          close();
          onConfirm(typed.trim());
        }}
      >
        {children}
        <label htmlFor={fieldId} className="block text-sm font-medium text-neutral-800">
          Type <span className="rounded bg-neutral-100 px-1 py-0.5 font-mono text-[13px] break-all text-neutral-900 select-all">{name}</span> to confirm
        </label>
        <Input
          id={fieldId}
          name="confirm-name"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className="mt-1.5 font-mono"
        />
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

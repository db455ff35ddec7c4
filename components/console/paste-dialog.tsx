"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { pasteKeysyms } from "@/lib/console/paste-keysyms";

/** Longest text typed in one go: a script or a long password, not a file transfer. */
export const PASTE_MAX_CHARS = 4000;

/**
 * "Paste text as keystrokes": a console has no clipboard, so the text is typed into it one key at a
 * time (lib/console/paste-keysyms.ts). Line ends press Return.
 */
export function PasteDialog({ open, onClose, onType }: { open: boolean; onClose: () => void; onType: (keysyms: number[]) => void }) {
  const [text, setText] = useState("");
  const id = useId();

  const close = () => {
    setText("");
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title="Paste text as keystrokes" description="The text is typed into the console as if from a keyboard. Each line end presses Return.">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const keysyms = pasteKeysyms(text);
          setText("");
          onClose();
          if (keysyms.length > 0) onType(keysyms);
        }}
      >
        <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
          Text to type
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={PASTE_MAX_CHARS}
          rows={6}
          autoFocus
          spellCheck={false}
          autoComplete="off"
          className="mt-1.5 block w-full rounded-md border border-neutral-300 px-3 py-2 font-mono text-sm"
        />
        <p className="mt-1 text-xs text-neutral-500">
          {text.length} of {PASTE_MAX_CHARS} characters
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={text.length === 0}>
            Type it
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

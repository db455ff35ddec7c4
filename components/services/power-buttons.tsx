"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";

export type PowerVerbName = "start" | "stop" | "restart";

export interface PowerOption {
  verb: PowerVerbName;
  label: string;
  /** The confirmation dialog's question and what happens. */
  confirm: string;
  detail: string;
  variant: "secondary" | "danger";
}

/**
 * A server's power buttons, each confirmed in a dialog before `onConfirm` runs: shared by the VPS
 * and dedicated pages of the panel and the reseller portal's service page, which differ only in
 * their wording and in what they call.
 */
export function PowerButtons({
  options,
  allowed,
  disabled,
  pendingVerb,
  onConfirm,
}: {
  options: readonly PowerOption[];
  /** Whether this verb makes sense now (the product offers it, the machine's state fits). */
  allowed: (verb: PowerVerbName) => boolean;
  disabled: boolean;
  pendingVerb: string | null;
  onConfirm: (verb: PowerVerbName) => void;
}) {
  const [confirming, setConfirming] = useState<PowerOption | null>(null);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {options.map((p) => (
          <Button key={p.verb} variant={p.variant} disabled={disabled || !allowed(p.verb)} pending={pendingVerb === p.verb} onClick={() => setConfirming(p)}>
            {p.label}
          </Button>
        ))}
      </div>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={confirming?.confirm ?? ""} description={confirming?.detail}>
        <DialogActions>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button
            variant={confirming?.variant === "danger" ? "danger" : "primary"}
            onClick={() => {
              const p = confirming!;
              setConfirming(null);
              onConfirm(p.verb);
            }}
          >
            {confirming?.label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

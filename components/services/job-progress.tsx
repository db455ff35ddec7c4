/** What a machine job is doing, in words a customer reads ("Restarting…"). */
export const OPERATION_LABEL: Record<string, string> = {
  start: "Starting",
  stop: "Shutting down",
  restart: "Restarting",
  reinstall: "Reinstalling",
  password: "Setting the root password",
  create: "Setting up",
  capture: "Capturing an image",
  "snapshot.create": "Taking a snapshot",
  "snapshot.revert": "Reverting to a snapshot",
  "snapshot.delete": "Deleting a snapshot",
  // Dedicated servers (the BMC's operations).
  "power.on": "Powering on",
  "power.off": "Powering off",
  "power.restart": "Restarting",
  provision: "Installing",
  rescue: "Starting the rescue system",
  unrescue: "Leaving rescue mode",
  release: "Wiping",
};

/** A running machine job: its label, step and a progress bar, announced politely to screen readers. */
export function JobProgress({ operation, step, progress }: { operation: string; step?: string | null; progress: number }) {
  return (
    <div className="space-y-1.5" aria-live="polite">
      <p className="text-sm text-neutral-700">
        {OPERATION_LABEL[operation] ?? operation}…{step ? <span className="text-neutral-500"> ({step.replaceAll("_", " ")})</span> : null}
      </p>
      <div role="progressbar" aria-label="Progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 w-full overflow-hidden rounded-full bg-neutral-100">
        <div className="h-full rounded-full bg-neutral-800 transition-all" style={{ width: `${Math.max(4, progress)}%` }} />
      </div>
    </div>
  );
}

import type { DbOrTx } from "@/lib/db/client";
import type { VmState } from "@/lib/generated/prisma/client";
import { BackendError } from "../backend-error";
import { verifyGuestPassword } from "../simulation/guest-password";

// Things that happen to a simulated machine without the platform asking: for tests, demos and the
// operator console's "simulate" menu. No driver interface exposes them.

export type HostEvent = "pause" | "resume" | "crash" | "guest_shutdown" | "disk_write";

const TRANSITIONS: Record<Exclude<HostEvent, "disk_write">, { from: VmState[]; to: VmState }> = {
  // The host paused the guest (storage full, memory pressure, migration).
  pause: { from: ["running"], to: "paused" },
  resume: { from: ["paused"], to: "running" },
  crash: { from: ["running", "paused", "stopped"], to: "error" },
  // The customer ran `poweroff` inside the guest.
  guest_shutdown: { from: ["running"], to: "stopped" },
};

export async function simulateHostEvent(db: DbOrTx, vmId: string, event: HostEvent): Promise<void> {
  const vm = await db.virtualMachine.findUnique({ where: { id: vmId } });
  if (!vm || vm.destroyedAt) throw new BackendError("not_found", `No machine ${vmId}`);
  if (event === "disk_write") {
    await db.virtualMachine.update({ where: { id: vmId }, data: { diskRevision: { increment: 1 } } });
    return;
  }
  const rule = TRANSITIONS[event];
  if (!rule.from.includes(vm.state)) throw new BackendError("conflict", `A ${vm.state} machine cannot ${event}`);
  await db.virtualMachine.update({ where: { id: vmId }, data: { state: rule.to, ...(rule.to === "running" ? {} : { bootedAt: null }) } });
}

/** Whether `password` is the machine's root password (the simulator keeps a hash). */
export async function guestPasswordIs(db: DbOrTx, vmId: string, password: string): Promise<boolean> {
  const vm = await db.virtualMachine.findUnique({ where: { id: vmId }, select: { rootPasswordHash: true } });
  return verifyGuestPassword(vm?.rootPasswordHash ?? null, password);
}

/** Whether `password` is the installed system's root password of a dedicated server. */
export async function serverPasswordIs(db: DbOrTx, serverId: string, password: string): Promise<boolean> {
  const server = await db.dedicatedServer.findUnique({ where: { id: serverId }, select: { rootPasswordHash: true } });
  return verifyGuestPassword(server?.rootPasswordHash ?? null, password);
}

import type { Db } from "@/lib/db/client";
import { listAddresses } from "../ipam/addresses";
import { verifyGuestPassword } from "../simulation/guest-password";
import type { IpAddressView } from "../types";
import type { GuestScene, ShellProfile } from "./guest-scene";
import { distroOf, linuxBootLines, qemuMac, shutdownLines } from "./linux-boot-log";
import { rescueLines } from "./rescue-lines";

/** Why a machine in this state has no display (consoleEndpoint's sentences), or null when it has one. */
export function vmNoDisplayReason(state: string): string | null {
  if (state === "creating") return "The machine has no display yet";
  if (state !== "running" && state !== "paused") return "The machine is not running";
  return null;
}

const VM_FIELDS = {
  state: true,
  bootedAt: true,
  name: true,
  hostname: true,
  osName: true,
  osImageId: true,
  rescueMode: true,
  vcpus: true,
  memoryMb: true,
  diskGb: true,
  powerJobId: true,
  destroyedAt: true,
} as const;

const SEABIOS = ["SeaBIOS (version 1.16.3-debian-1.16.3-2)", "", "iPXE (https://ipxe.org) 00:03.0 CA00 PCI2.10 PnP PMM+7EFD0F60+7EF30F60 CA00", ""];

/**
 * Reads a virtual machine's display from its row: the boot log of its current life (a new bootedAt
 * is a new life), the rescue system, the shutdown messages while a power job shuts it down, and the
 * end of the display once it stops. Addresses and the image's family are read once per life.
 */
export function vmSceneReader(db: Db, vmId: string, catchUp: () => Promise<void>): () => Promise<GuestScene> {
  let cached: { life: string; addresses: IpAddressView[]; windows: boolean } | null = null;
  const mac = qemuMac(vmId);

  return async () => {
    await catchUp();
    const vm = await db.virtualMachine.findUnique({ where: { id: vmId }, select: VM_FIELDS });
    if (!vm || vm.destroyedAt) return { life: "gone", lines: [], shell: null, gone: "The machine was deleted." };
    const noDisplay = vmNoDisplayReason(vm.state);
    if (noDisplay) return { life: "gone", lines: [], shell: null, gone: `${noDisplay}: no signal.` };

    const bootedAt = vm.bootedAt ?? new Date(0);
    const hostname = vm.hostname ?? vm.name;
    const osName = vm.osName ?? "Linux";
    const life = `${bootedAt.toISOString()}|${vm.rescueMode}|${osName}|${hostname}`;
    if (cached?.life !== life) {
      const [addresses, image] = await Promise.all([
        listAddresses(db, { vmId }),
        vm.osImageId ? db.osImage.findUnique({ where: { id: vm.osImageId }, select: { family: true } }) : null,
      ]);
      cached = { life, addresses, windows: image?.family === "windows" || /windows/i.test(osName) };
    }
    const { addresses, windows } = cached;

    const power = vm.powerJobId ? await powerStepOf(db, vm.powerJobId) : null;
    const firmware = [...SEABIOS, `Machine UUID ${vmId}`, "Booting from Hard Disk..."];
    // A restart's second half (and rescue's reboot): the firmware of the life that is starting.
    if (power?.phase === "booting") return { life: `boot|${power.jobId}`, lines: firmware, shell: null };
    const lines = [...firmware];
    let shell: ShellProfile | null = null;
    if (vm.rescueMode) {
      lines.push(...rescueLines({ cpus: vm.vcpus, memoryMb: vm.memoryMb, disks: [`/dev/vda  ${vm.diskGb} GB  (your installed system, not mounted)`] }));
      shell = {
        hostname: "rescue",
        issue: "Rackfront Rescue System",
        kernel: distroOf("Debian 12").kernel,
        system: "rescue",
        bootedAt,
        mac,
        checkPassword: (password) => rescuePasswordIs(db, { vmId }, password),
        addresses: () => listAddresses(db, { vmId }),
      };
    } else if (windows) {
      lines.push("", "", `    ${osName}`, "", `    ${hostname}`, "", "    Press Ctrl+Alt+Delete to sign in.");
    } else {
      lines.push(
        ...linuxBootLines({
          osName,
          hostname,
          bootedAt,
          cpus: vm.vcpus,
          memoryMb: vm.memoryMb,
          dmi: "QEMU Standard PC (i440FX + PIIX, 1996), BIOS 1.16.3-debian-1.16.3-2 04/01/2014",
          diskLine: `virtio_blk virtio2: [vda] ${vm.diskGb * 2_097_152} 512-byte logical blocks (${Math.round(vm.diskGb * 1.073741824 * 10) / 10} GB/${vm.diskGb}.0 GiB)`,
          rootDevice: "vda1",
          primary: addresses[0] ?? null,
          ipv6: addresses.find((a) => a.version === 6) ?? null,
          mac,
        }),
      );
      shell = {
        hostname,
        issue: distroOf(osName).issue,
        kernel: distroOf(osName).kernel,
        system: "installed",
        bootedAt,
        mac,
        checkPassword: async (password) => {
          const row = await db.virtualMachine.findUnique({ where: { id: vmId }, select: { rootPasswordHash: true } });
          // An image installed without a password (keys only) takes any: the simulator keeps nothing to compare.
          return !row?.rootPasswordHash || verifyGuestPassword(row.rootPasswordHash, password);
        },
        addresses: () => listAddresses(db, { vmId }),
      };
    }
    if (power?.phase === "shutting_down") return { life, lines: [...lines, ...shutdownLines(power.reboot)], shell: null, frozen: vm.state === "paused" };
    return { life, lines, shell, frozen: vm.state === "paused" };
  };
}

/**
 * Where the power job holding the machine is: shutting the guest down (a stop, a restart, a reinstall's
 * first step), or booting it again (a restart's second step, rescue's reboot). Null otherwise (a resume
 * from pause boots nothing).
 */
async function powerStepOf(db: Db, jobId: string): Promise<{ jobId: string; phase: "shutting_down" | "booting"; reboot: boolean } | null> {
  const job = await db.backendJob.findUnique({ where: { id: jobId }, select: { operation: true, step: true, state: true } });
  if (!job || job.state !== "running") return null;
  const reboot = ["restart", "rescue", "unrescue"].includes(job.operation);
  if (job.step === "shutting_down") return { jobId, phase: "shutting_down", reboot };
  if ((job.operation === "restart" && job.step === "booting") || job.step === "rebooting") return { jobId, phase: "booting", reboot };
  return null;
}

/**
 * Whether `password` opens the rescue system: the rescue job that booted it keeps the password's
 * hash in its params (the installed system's root password is untouched). Any password when none.
 */
export async function rescuePasswordIs(db: Db, owner: { vmId: string } | { serverId: string }, password: string): Promise<boolean> {
  const job = await db.backendJob.findFirst({ where: { ...owner, operation: "rescue", state: "succeeded" }, orderBy: { finishedAt: "desc" }, select: { params: true } });
  const hash = (job?.params as Record<string, unknown> | null)?.passwordHash;
  return typeof hash !== "string" || verifyGuestPassword(hash, password);
}

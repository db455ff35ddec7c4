import type { Db } from "@/lib/db/client";
import type { BackendJob } from "@/lib/generated/prisma/client";
import type { Clock } from "../clock";
import { listAddresses } from "../ipam/addresses";
import { verifyGuestPassword } from "../simulation/guest-password";
import type { IpAddressView } from "../types";
import type { GuestScene, ShellProfile } from "./guest-scene";
import { distroOf, linuxBootLines, netmaskOf, shutdownLines } from "./linux-boot-log";
import { rescueLines } from "./rescue-lines";
import { rescuePasswordIs } from "./vm-scene";

/** Why a server in this state has no KVM for the customer (consoleEndpoint's sentence), or null. */
export function serverNoDisplayReason(provisionState: string): string | null {
  return provisionState === "available" || provisionState === "cleaning" ? "The server is not assigned" : null;
}

const SERVER_FIELDS = {
  name: true,
  manufacturer: true,
  model: true,
  specs: true,
  serialNumber: true,
  macAddress: true,
  bmcAddress: true,
  powerState: true,
  provisionState: true,
  hostname: true,
  osName: true,
  rescueMode: true,
  provisionJobId: true,
  powerJobId: true,
} as const;

type JobFacts = Pick<BackendJob, "id" | "operation" | "step" | "state" | "startsAt" | "timeline" | "params">;

interface ServerFacts {
  id: string;
  name: string;
  manufacturer: string;
  model: string;
  specs: Record<string, unknown>;
  serialNumber: string | null;
  bmcAddress: string | null;
  hostname: string | null;
  osName: string | null;
  mac: string;
  addresses: IpAddressView[];
}

/**
 * Reads a dedicated server's KVM screen from its row and its jobs, as the management controller's
 * video capture would show it: no signal while off, the firmware's POST (its real CPU, memory and
 * disks), the PXE boot and the installer's progress during a (re)install, then the installed system's
 * boot and login prompt, or the rescue system.
 */
export function serverSceneReader(db: Db, serverId: string, clock: Clock, catchUp: () => Promise<void>): () => Promise<GuestScene> {
  let cachedAddresses: { key: string; addresses: IpAddressView[] } | null = null;

  return async () => {
    await catchUp();
    const row = await db.dedicatedServer.findUnique({ where: { id: serverId }, select: SERVER_FIELDS });
    if (!row) return { life: "gone", lines: [], shell: null, gone: "The server left the inventory." };
    const noDisplay = serverNoDisplayReason(row.provisionState);
    if (noDisplay) return { life: "gone", lines: [], shell: null, gone: `${noDisplay}: the KVM is closed.` };

    const jobId = row.provisionJobId ?? row.powerJobId;
    const [job, last] = await Promise.all([
      jobId ? db.backendJob.findUnique({ where: { id: jobId }, select: { id: true, operation: true, step: true, state: true, startsAt: true, timeline: true, params: true } }) : null,
      db.backendJob.findFirst({ where: { serverId, finishedAt: { not: null } }, orderBy: { finishedAt: "desc" }, select: { id: true, finishedAt: true } }),
    ]);
    const addressKey = `${row.provisionState}|${last?.id ?? ""}|${jobId ?? ""}`;
    if (cachedAddresses?.key !== addressKey) cachedAddresses = { key: addressKey, addresses: await listAddresses(db, { serverId }) };
    const facts: ServerFacts = {
      id: serverId,
      name: row.name,
      manufacturer: row.manufacturer,
      model: row.model,
      specs: (row.specs as Record<string, unknown> | null) ?? {},
      serialNumber: row.serialNumber,
      bmcAddress: row.bmcAddress,
      hostname: row.hostname,
      osName: row.osName,
      mac: row.macAddress ?? serverMac(serverId),
      addresses: cachedAddresses.addresses,
    };
    const now = clock.now();
    const running = job && job.state === "running" ? job : null;
    const settled = settledScene(db, facts, row.provisionState, row.powerState, last?.id ?? "none", last?.finishedAt ?? now);

    if (running) {
      const life = `${running.id}|${running.step}`;
      switch (running.step) {
        case "powering_off":
          // The system shuts down on the screen it was showing.
          return { ...settled, lines: [...settled.lines, ...(settled.shell ? shutdownLines(false) : [])], shell: null };
        case "powering_on":
        case "power_cycling":
        case "rebooting":
          return { life, lines: [...postLines(facts), bootDeviceLine(running.operation)], shell: null };
        case "pxe_booting":
          return { life, lines: [...postLines(facts), ...pxeLines(facts)], shell: null };
        case "booting_rescue":
          return { life, lines: [...postLines(facts), ...pxeLines(facts), "Loading rescue kernel and initramfs over the network ..."], shell: null };
        case "installing":
          return installerScene(running, facts, now);
      }
    }
    return settled;
  };
}

function settledScene(db: Db, facts: ServerFacts, provisionState: string, powerState: string, lastJobId: string, since: Date): GuestScene {
  const life = `${powerState}|${provisionState}|${lastJobId}`;
  if (powerState === "off") return { life, lines: ["", "", "", "", "", "", "", "", "", "", "                                   No Signal"], shell: null };
  const post = postLines(facts);
  if (provisionState === "rescue") {
    return {
      life,
      lines: [...post, ...pxeLines(facts), ...rescueLines({ cpus: cpusOf(facts.specs), memoryMb: memoryMbOf(facts.specs), disks: [`/dev/nvme0n1  ${facts.specs.storage ?? "local disks"}`] })],
      shell: {
        hostname: "rescue",
        issue: "Rackfront Rescue System",
        kernel: distroOf("Debian 12").kernel,
        system: "rescue",
        bootedAt: since,
        mac: facts.mac,
        checkPassword: (password) => rescuePasswordIs(db, { serverId: facts.id }, password),
        addresses: () => listAddresses(db, { serverId: facts.id }),
      },
    };
  }
  if (provisionState === "deploy_failed") {
    return { life, lines: [...installerHeader(facts), "", "\x1b[1;31mThe installation failed.\x1b[0m The disks hold no bootable system.", "Reinstall the server from the control panel."], shell: null };
  }
  if (provisionState !== "active" || !facts.osName) {
    return { life, lines: [...post, "No boot device available.", "Insert boot media and press any key to retry, or press F12 to boot from the network."], shell: null };
  }
  const osName = facts.osName;
  const hostname = facts.hostname ?? facts.name;
  const lines = [...post, "Booting from NVMe: Integrated Storage Controller 1", "GRUB loading.", "Welcome to GRUB!", ""];
  if (/windows/i.test(osName)) {
    return { life, lines: [...lines, "", `    ${osName}`, "", `    ${hostname}`, "", "    Press Ctrl+Alt+Delete to sign in."], shell: null };
  }
  const profile: ShellProfile = {
    hostname,
    issue: distroOf(osName).issue,
    kernel: distroOf(osName).kernel,
    system: "installed",
    bootedAt: since,
    mac: facts.mac,
    checkPassword: async (password) => {
      const row = await db.dedicatedServer.findUnique({ where: { id: facts.id }, select: { rootPasswordHash: true } });
      return !row?.rootPasswordHash || verifyGuestPassword(row.rootPasswordHash, password);
    },
    addresses: () => listAddresses(db, { serverId: facts.id }),
  };
  return {
    life,
    lines: [
      ...lines,
      ...linuxBootLines({
        osName,
        hostname,
        bootedAt: since,
        cpus: cpusOf(facts.specs),
        memoryMb: memoryMbOf(facts.specs),
        dmi: `${facts.manufacturer} ${facts.model}, BIOS 1.9.2 03/12/2025`,
        diskLine: `nvme nvme0: ${facts.specs.storage ?? "1/0/0 default/read/poll queues"}`,
        rootDevice: "nvme0n1p2",
        primary: facts.addresses[0] ?? null,
        ipv6: facts.addresses.find((a) => a.version === 6) ?? null,
        mac: facts.mac,
      }),
    ],
    shell: profile,
  };
}

/** The firmware's power-on self test, from the server's inventory record. */
function postLines(f: ServerFacts): string[] {
  const spec = (key: string, fallback: string) => (typeof f.specs[key] === "string" && f.specs[key] ? String(f.specs[key]) : fallback);
  return [
    `\x1b[1m${f.manufacturer} ${f.model}\x1b[0m`,
    "BIOS Version 1.9.2",
    `Service Tag: ${f.serialNumber ?? f.name}`,
    `Management controller: ${f.bmcAddress ?? "DHCP"}`,
    "",
    `Processor:  ${spec("cpu", "not reported")}`,
    `Memory:     ${spec("ram", "not reported")}   Memory test ... passed`,
    `Storage:    ${spec("storage", "no disks reported")}`,
    `Network:    NIC 1 ${f.mac}${typeof f.specs.port === "string" ? ` (${f.specs.port})` : ""}`,
    "",
    "F2 = System Setup   F10 = Lifecycle Controller   F11 = Boot Manager   F12 = PXE Boot",
    "",
  ];
}

function bootDeviceLine(operation: string): string {
  return operation === "rescue" ? "Booting from PXE: Integrated NIC 1 Port 1" : "Booting from NVMe: Integrated Storage Controller 1";
}

function pxeLines(f: ServerFacts): string[] {
  const v4 = f.addresses.find((a) => a.version === 4);
  return [
    "Booting from PXE: Integrated NIC 1 Port 1",
    "iPXE 1.21.1 -- Open Source Network Boot Firmware -- https://ipxe.org",
    `net0: ${f.mac} using bnxt on 0000:01:00.0 (Ethernet) [open]`,
    `Configuring (net0 ${f.mac})...... ok`,
    v4 ? `net0: ${v4.address}/${netmaskOf(v4.prefixLength)}${v4.gateway ? ` gw ${v4.gateway}` : ""}` : "net0: no IPv4 address",
    "http://provisioning/boot.ipxe... ok",
  ];
}

function installerHeader(f: ServerFacts): string[] {
  return [
    `\x1b[1mRackfront installer\x1b[0m: ${f.osName ?? "operating system"}${f.hostname ? ` for ${f.hostname}` : ""}`,
    `Target disks: ${typeof f.specs.storage === "string" ? f.specs.storage : "local disks"}`,
    "",
  ];
}

const INSTALL_PHASES: [number, string][] = [
  [0, "Partitioning the disks ... done"],
  [0.05, "Writing the image ..."],
  [0.7, "Installing the boot loader ... done"],
  [0.85, "Configuring the network, the root password and SSH keys ... done"],
];

/** The installer's screen during the `installing` step: its phases so far and a progress bar. */
function installerScene(job: JobFacts, f: ServerFacts, now: Date): GuestScene {
  const timeline = (job.timeline as { name: string; endsAt: string }[] | null) ?? [];
  const index = timeline.findIndex((s) => s.name === "installing");
  const start = index > 0 ? new Date(timeline[index - 1]!.endsAt).getTime() : job.startsAt.getTime();
  const end = index >= 0 ? new Date(timeline[index]!.endsAt).getTime() : start;
  const done = end > start ? Math.min(1, Math.max(0, (now.getTime() - start) / (end - start))) : 1;
  const width = 40;
  const filled = Math.round(done * width);
  // What is being installed is the job's (the server's row changes when the install completes).
  const params = (job.params as Record<string, unknown> | null) ?? {};
  const str = (v: unknown, fallback: string | null) => (typeof v === "string" ? v : fallback);
  const header = installerHeader({ ...f, osName: str(params.osName, f.osName), hostname: str(params.hostname, f.hostname) });
  return {
    life: `${job.id}|installing`,
    lines: [...header, ...INSTALL_PHASES.filter(([at]) => done >= at).map(([, text]) => text)],
    status: `  [${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.floor(done * 100)).padStart(3)}%`,
    shell: null,
  };
}

function memoryMbOf(specs: Record<string, unknown>): number {
  if (typeof specs.ramGb === "number") return specs.ramGb * 1024;
  const match = /(\d+)\s*(GB|TB)/i.exec(typeof specs.ram === "string" ? specs.ram : "");
  if (!match) return 16 * 1024;
  return Number(match[1]) * (match[2]!.toUpperCase() === "TB" ? 1024 * 1024 : 1024);
}

function cpusOf(specs: Record<string, unknown>): number {
  for (const key of ["threads", "cores"]) if (typeof specs[key] === "number") return specs[key] as number;
  return 16;
}

/** A stable address for a server whose inventory record has none. */
function serverMac(serverId: string): string {
  const hex = serverId.replace(/-/g, "");
  return `b0:7b:25:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

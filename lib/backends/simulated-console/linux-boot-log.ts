import type { IpAddressView } from "../types";

/**
 * The text a Linux guest prints on its console while it boots (kernel, systemd, cloud-init), built
 * from the machine's facts so what the customer reads is true of their machine: the image they
 * installed, its hostname, its size, its address. Timestamps are the kernel's, fixed per line.
 */
export interface Distro {
  /** The getty banner's name ("Debian GNU/Linux 12"). */
  issue: string;
  kernel: string;
}

/** The kernel and getty banner an image of this name boots (a guess from its name). */
export function distroOf(osName: string): Distro {
  const lower = osName.toLowerCase();
  const version = /(\d+(?:\.\d+)?)/.exec(osName)?.[1] ?? "";
  if (lower.includes("ubuntu")) return { issue: `Ubuntu ${version} LTS`.replace("  ", " "), kernel: "6.8.0-45-generic" };
  if (lower.includes("debian")) {
    const kernel = version.startsWith("11") ? "5.10.0-33-amd64" : version.startsWith("13") ? "6.12.12-amd64" : "6.1.0-28-amd64";
    return { issue: `Debian GNU/Linux ${version}`.trim(), kernel };
  }
  if (/alma|rocky|centos|red hat|rhel|oracle/.test(lower)) return { issue: osName, kernel: "5.14.0-503.14.1.el9_5.x86_64" };
  if (lower.includes("fedora")) return { issue: osName, kernel: "6.11.4-301.fc41.x86_64" };
  return { issue: osName, kernel: "6.1.0-28-amd64" };
}

export interface LinuxBootFacts {
  osName: string;
  hostname: string;
  bootedAt: Date;
  cpus: number;
  memoryMb: number;
  /** The DMI line's product ("QEMU Standard PC (i440FX + PIIX, 1996)", "Dell Inc. PowerEdge R350"). */
  dmi: string;
  /** The kernel's line about the boot disk. */
  diskLine: string;
  rootDevice: string;
  primary: IpAddressView | null;
  /** The machine's IPv6 address (the ::1 of its routed prefix), when it has one. */
  ipv6?: IpAddressView | null;
  mac: string;
}

const OK = "[  \x1b[32mOK\x1b[0m  ]";
const stamp = (seconds: number) => `[${seconds.toFixed(6).padStart(12)}]`;

/** "Mon, 02 Mar 2026 10:00:05 +0000", as cloud-init prints it. */
function rfc2822(at: Date): string {
  return at.toUTCString().replace("GMT", "+0000");
}

export function netmaskOf(prefixLength: number): string {
  const bits = prefixLength === 0 ? 0 : (0xffffffff << (32 - prefixLength)) >>> 0;
  return [24, 16, 8, 0].map((shift) => (bits >>> shift) & 0xff).join(".");
}

/** GRUB, the kernel, systemd and cloud-init up to multi-user.target (the getty's prompt comes after). */
export function linuxBootLines(f: LinuxBootFacts): string[] {
  const { kernel } = distroOf(f.osName);
  const at = (seconds: number) => rfc2822(new Date(f.bootedAt.getTime() + seconds * 1000));
  const totalKb = f.memoryMb * 1024;
  const address = f.primary && f.primary.version === 4 ? f.primary : null;
  return [
    `Booting \`${f.osName}'`,
    "",
    `Loading Linux ${kernel} ...`,
    "Loading initial ramdisk ...",
    `${stamp(0)} Linux version ${kernel} (builder@buildd) (gcc 12.2.0, GNU ld 2.40) #1 SMP PREEMPT_DYNAMIC`,
    `${stamp(0)} Command line: BOOT_IMAGE=/boot/vmlinuz-${kernel} root=/dev/${f.rootDevice} ro console=tty0 console=ttyS0,115200n8`,
    `${stamp(0)} DMI: ${f.dmi}`,
    `${stamp(0.012034)} smpboot: Allowing ${f.cpus} CPUs, 0 hotplug CPUs`,
    `${stamp(0.048211)} Memory: ${Math.round(totalKb * 0.955)}K/${totalKb}K available`,
    `${stamp(0.731460)} ${f.diskLine}`,
    `${stamp(1.318904)} EXT4-fs (${f.rootDevice}): mounted filesystem with ordered data mode. Quota mode: none.`,
    `${stamp(1.812224)} systemd[1]: Hostname set to <${f.hostname}>.`,
    "",
    `Welcome to \x1b[1m${f.osName}\x1b[0m!`,
    "",
    `${OK} Started systemd-journald.service - Journal Service.`,
    `${OK} Started systemd-udevd.service - Rule-based Manager for Device Events and Files.`,
    `${OK} Reached target local-fs.target - Local File Systems.`,
    `${OK} Started systemd-networkd.service - Network Configuration.`,
    "         Starting cloud-init.service - Cloud-init: Network Stage...",
    `cloud-init[412]: Cloud-init v. 24.1.3 running 'init' at ${at(3)}. Up 3.21 seconds.`,
    address
      ? `ci-info: | eth0 | True | ${address.address} | ${netmaskOf(address.prefixLength)} | global | ${f.mac} |`
      : `ci-info: | eth0 | True | . | . | . | ${f.mac} |`,
    ...(f.ipv6 ? [`ci-info: | eth0 | True | ${f.ipv6.address}/${f.ipv6.prefixLength} | . | global | ${f.mac} |`] : []),
    `${OK} Finished cloud-init.service - Cloud-init: Network Stage.`,
    `${OK} Reached target network-online.target - Network is Online.`,
    `${OK} Started ssh.service - OpenBSD Secure Shell server.`,
    `${OK} Started cron.service - Regular background program processing daemon.`,
    `cloud-init[598]: Cloud-init v. 24.1.3 running 'modules:config' at ${at(5)}. Up 4.80 seconds.`,
    `cloud-init[598]: Set hostname to ${f.hostname}`,
    `cloud-init[640]: Cloud-init v. 24.1.3 finished at ${at(6)}. Datasource DataSourceNoCloud.  Up 5.61 seconds`,
    `${OK} Reached target multi-user.target - Multi-User System.`,
  ];
}

/** What systemd prints while the guest shuts down (a stop, a restart, a reinstall's first step). */
export function shutdownLines(reboot: boolean): string[] {
  return [
    "",
    `${OK} Stopped ssh.service - OpenBSD Secure Shell server.`,
    `${OK} Stopped cron.service - Regular background program processing daemon.`,
    `${OK} Stopped target network.target - Network.`,
    `${OK} Reached target shutdown.target - System Shutdown.`,
    `${OK} Finished systemd-${reboot ? "reboot" : "poweroff"}.service - System ${reboot ? "Reboot" : "Power Off"}.`,
    `${stamp(86.402113)} reboot: ${reboot ? "Restarting system" : "Power down"}`,
  ];
}

/** A virtio NIC's address, stable per machine (QEMU's 52:54:00 prefix). */
export function qemuMac(machineId: string): string {
  const hex = machineId.replace(/-/g, "");
  return `52:54:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

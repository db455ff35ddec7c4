/** The rescue system's boot: a small live Linux loaded over the network, its banner and the disks it sees. */
export function rescueLines(facts: { cpus: number; memoryMb: number; disks: string[] }): string[] {
  return [
    "",
    "Loading rescue kernel and initramfs over the network ... ok",
    "[    0.000000] Linux version 6.1.0-28-amd64 (rescue) #1 SMP PREEMPT_DYNAMIC",
    `[    0.012034] smpboot: Allowing ${facts.cpus} CPUs, 0 hotplug CPUs`,
    `[    0.048211] Memory: ${facts.memoryMb * 1024}K available`,
    "[    2.104512] Freeing unused kernel image memory: running from RAM",
    "",
    "\x1b[1;33m-------------------------------------------------------------------\x1b[0m",
    "\x1b[1m  Rackfront Rescue System\x1b[0m  (Debian 12 live, runs from memory)",
    "\x1b[1;33m-------------------------------------------------------------------\x1b[0m",
    "  Your disks are attached but not mounted:",
    ...facts.disks.map((disk) => `    ${disk}`),
    "  Log in as root with the password chosen when rescue was started.",
    "  Leave rescue mode from the control panel to boot your system again.",
    "",
  ];
}

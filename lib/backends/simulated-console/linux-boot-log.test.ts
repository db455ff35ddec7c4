import { describe, expect, it } from "vitest";
import type { IpAddressView } from "../types";
import { linuxBootLines, type LinuxBootFacts } from "./linux-boot-log";

const v4: IpAddressView = { id: "a", address: "198.51.100.20", version: 4, prefixLength: 24, gateway: "198.51.100.1", subnetCidr: "198.51.100.0/24", purpose: "primary", reverseDns: null };
const v6: IpAddressView = { id: "b", address: "2001:db8:100:5::1", version: 6, prefixLength: 64, gateway: "fe80::1", subnetCidr: "2001:db8:100:5::/64", purpose: "additional", reverseDns: null };
const facts = (more: Partial<LinuxBootFacts>): LinuxBootFacts => ({
  osName: "Debian 12",
  hostname: "web-1",
  bootedAt: new Date("2026-03-02T10:00:00Z"),
  cpus: 2,
  memoryMb: 2048,
  dmi: "QEMU",
  diskLine: "virtio_blk",
  rootDevice: "vda1",
  primary: v4,
  mac: "52:54:00:12:34:56",
  ...more,
});
const network = (lines: string[]) => lines.filter((l) => l.startsWith("ci-info: | eth0"));

describe("the simulated guest's boot log", () => {
  it("cloud-init lists the IPv6 address with its prefix beside the IPv4 one", () => {
    expect(network(linuxBootLines(facts({ ipv6: v6 })))).toEqual([
      "ci-info: | eth0 | True | 198.51.100.20 | 255.255.255.0 | global | 52:54:00:12:34:56 |",
      "ci-info: | eth0 | True | 2001:db8:100:5::1/64 | . | global | 52:54:00:12:34:56 |",
    ]);
  });

  it("a machine without IPv6 shows its IPv4 address only", () => {
    expect(network(linuxBootLines(facts({ ipv6: null })))).toEqual(["ci-info: | eth0 | True | 198.51.100.20 | 255.255.255.0 | global | 52:54:00:12:34:56 |"]);
  });
});

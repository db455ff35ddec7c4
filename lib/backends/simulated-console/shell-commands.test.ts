import { describe, expect, it } from "vitest";
import type { IpAddressView } from "../types";
import type { ShellProfile } from "./guest-scene";
import { dateText, ipAddrText, ipv4Broadcast, runCommand, uptimeText } from "./shell-commands";

const address = (a: Partial<IpAddressView> & { address: string }): IpAddressView => ({
  id: a.address,
  version: 4,
  prefixLength: 24,
  gateway: "198.51.100.1",
  subnetCidr: "198.51.100.0/24",
  purpose: "primary",
  reverseDns: null,
  ...a,
});

const profile: ShellProfile = {
  hostname: "web1.example.com",
  issue: "Debian GNU/Linux 12",
  kernel: "6.1.0-28-amd64",
  system: "installed",
  bootedAt: new Date("2026-03-02T10:00:00Z"),
  mac: "52:54:00:12:34:56",
  checkPassword: async () => true,
  addresses: async () => [address({ address: "198.51.100.7" }), address({ address: "2001:db8:1::", version: 6, prefixLength: 64, purpose: "additional" })],
};

describe("shell commands", () => {
  it("uptime counts from the boot as procps prints it", () => {
    const boot = new Date("2026-03-02T10:00:00Z");
    expect(uptimeText(boot, new Date("2026-03-02T10:03:30Z"))).toBe(" 10:03:30 up 3 min,  1 user,  load average: 0.08, 0.03, 0.01");
    expect(uptimeText(boot, new Date("2026-03-02T12:05:00Z"))).toMatch(/ up  2:05, /);
    expect(uptimeText(boot, new Date("2026-03-05T11:00:00Z"))).toMatch(/ up 3 days,  1:00, /);
  });

  it("ip addr lists eth0's addresses with their prefix length and broadcast", async () => {
    const text = ipAddrText(await profile.addresses(), profile.mac);
    expect(text).toContain("    inet 198.51.100.7/24 brd 198.51.100.255 scope global eth0\n");
    expect(text).toContain("    inet6 2001:db8:1::/64 scope global\n");
    expect(text).toContain("    link/ether 52:54:00:12:34:56 brd ff:ff:ff:ff:ff:ff\n");
    expect(text).toContain("    inet6 fe80::5054:ff:fe12:3456/64 scope link\n");
    expect(ipv4Broadcast("10.1.2.3", 20)).toBe("10.1.15.255");
  });

  it("answers hostname, whoami, uname, date and ip route, and refuses unknown commands as bash does", async () => {
    const now = new Date("2026-03-02T10:00:00Z");
    const run = async (line: string) => (await runCommand(line, profile, now)).output;
    expect(await run("hostname")).toBe("web1.example.com\n");
    expect(await run("whoami")).toBe("root\n");
    expect(await run("uname -a")).toBe("Linux web1.example.com 6.1.0-28-amd64 #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux\n");
    expect(await run("date")).toBe(`${dateText(now)}\n`);
    expect(dateText(now)).toBe("Mon Mar  2 10:00:00 UTC 2026");
    expect(await run("ip route")).toBe("default via 198.51.100.1 dev eth0 proto static\n198.51.100.0/24 dev eth0 proto kernel scope link src 198.51.100.7\n");
    expect(await run("ip link")).toBe('Object "link" is unknown, try "ip help".\n');
    expect(await run("rm -rf /")).toBe("-bash: rm: command not found\n");
    expect(await runCommand("exit", profile, now)).toEqual({ output: "logout\n", then: "logout" });
    expect(await runCommand("clear", profile, now)).toEqual({ output: "", then: "clear" });
    expect(await run("   ")).toBe("");
  });
});

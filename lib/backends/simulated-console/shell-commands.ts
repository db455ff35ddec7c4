import { formatIpv4, parseIpv4 } from "../ipam/ip-math";
import type { IpAddressView } from "../types";
import type { ShellProfile } from "./guest-scene";

/** What a command line does: text to print (lines end in "\n"), and whether it clears or logs out. */
export interface CommandResult {
  output: string;
  then?: "clear" | "logout";
}

const HELP = [
  "This console answers a few commands:",
  "  hostname        the machine's hostname",
  "  uptime          time since this boot",
  "  ip addr         the network addresses (ip route: the default routes)",
  "  whoami, uname -a, date, pwd, echo, clear",
  "  exit, logout    back to the login prompt",
  "",
].join("\n");

/** Runs one command line of the simulated root shell. */
export async function runCommand(line: string, profile: ShellProfile, now: Date): Promise<CommandResult> {
  const args = line.trim().split(/\s+/).filter(Boolean);
  const [command, ...rest] = args;
  if (!command) return { output: "" };
  switch (command) {
    case "hostname":
      return { output: `${profile.hostname}\n` };
    case "whoami":
      return { output: "root\n" };
    case "pwd":
      return { output: "/root\n" };
    case "ls":
      return { output: "" };
    case "echo":
      return { output: `${rest.join(" ")}\n` };
    case "help":
      return { output: HELP };
    case "clear":
      return { output: "", then: "clear" };
    case "exit":
    case "logout":
      return { output: "logout\n", then: "logout" };
    case "date":
      return { output: `${dateText(now)}\n` };
    case "uptime":
      return { output: `${uptimeText(profile.bootedAt, now)}\n` };
    case "uname":
      return { output: `${unameText(rest, profile)}\n` };
    case "ip":
      return { output: await ipText(rest, profile) };
    default:
      return { output: `-bash: ${command}: command not found\n` };
  }
}

function unameText(flags: string[], profile: ShellProfile): string {
  const version = "#1 SMP PREEMPT_DYNAMIC";
  if (flags.includes("-a")) return `Linux ${profile.hostname} ${profile.kernel} ${version} x86_64 GNU/Linux`;
  if (flags.includes("-r")) return profile.kernel;
  if (flags.includes("-n")) return profile.hostname;
  if (flags.includes("-m")) return "x86_64";
  return "Linux";
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad2 = (n: number) => String(n).padStart(2, "0");
const clockText = (at: Date) => `${pad2(at.getUTCHours())}:${pad2(at.getUTCMinutes())}:${pad2(at.getUTCSeconds())}`;

/** date(1) in the guest's zone (UTC): "Mon Mar  2 10:00:00 UTC 2026". */
export function dateText(at: Date): string {
  return `${DAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${String(at.getUTCDate()).padStart(2)} ${clockText(at)} UTC ${at.getUTCFullYear()}`;
}

/** uptime(1) as procps prints it: " 10:12:03 up 3 min,  1 user,  load average: 0.08, 0.03, 0.01". */
export function uptimeText(bootedAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - bootedAt.getTime()) / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const dayPart = days > 0 ? `${days} day${days === 1 ? "" : "s"}, ` : "";
  const timePart = hours > 0 ? `${String(hours).padStart(2)}:${pad2(minutes)}` : `${minutes} min`;
  return ` ${clockText(now)} up ${dayPart}${timePart},  1 user,  load average: 0.08, 0.03, 0.01`;
}

async function ipText(args: string[], profile: ShellProfile): Promise<string> {
  const object = args[0] ?? "";
  if (["a", "addr", "address"].includes(object)) return ipAddrText(await profile.addresses(), profile.mac);
  if (["r", "ro", "route"].includes(object)) return ipRouteText(await profile.addresses());
  if (!object) return "Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\n";
  return `Object "${object}" is unknown, try "ip help".\n`;
}

/** `ip addr`: the loopback and eth0 with every address the machine holds and its prefix length. */
export function ipAddrText(addresses: IpAddressView[], mac: string): string {
  const lines = [
    "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
    "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
    "    inet 127.0.0.1/8 scope host lo",
    "       valid_lft forever preferred_lft forever",
    "    inet6 ::1/128 scope host noprefixroute",
    "       valid_lft forever preferred_lft forever",
    "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP group default qlen 1000",
    `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff`,
  ];
  for (const a of addresses.filter((x) => x.version === 4)) {
    lines.push(`    inet ${a.address}/${a.prefixLength} brd ${ipv4Broadcast(a.address, a.prefixLength)} scope global eth0`);
    lines.push("       valid_lft forever preferred_lft forever");
  }
  for (const a of addresses.filter((x) => x.version === 6)) {
    lines.push(`    inet6 ${a.address}/${a.prefixLength} scope global`);
    lines.push("       valid_lft forever preferred_lft forever");
  }
  lines.push(`    inet6 ${linkLocal(mac)}/64 scope link`, "       valid_lft forever preferred_lft forever");
  return `${lines.join("\n")}\n`;
}

function ipRouteText(addresses: IpAddressView[]): string {
  const lines: string[] = [];
  const v4 = addresses.find((a) => a.version === 4);
  if (v4?.gateway) lines.push(`default via ${v4.gateway} dev eth0 proto static`);
  for (const a of addresses.filter((x) => x.version === 4)) lines.push(`${a.subnetCidr} dev eth0 proto kernel scope link src ${a.address}`);
  return lines.length ? `${lines.join("\n")}\n` : "";
}

export function ipv4Broadcast(address: string, prefixLength: number): string {
  const value = parseIpv4(address);
  if (value === null) return address;
  const host = (1n << BigInt(32 - prefixLength)) - 1n;
  return formatIpv4(value | host);
}

/** The EUI-64 link-local address of a MAC (fe80::5054:ff:fe12:3456). */
function linkLocal(mac: string): string {
  const b = mac.split(":").map((h) => parseInt(h, 16));
  const groups = [((b[0]! ^ 0x02) << 8) | b[1]!, (b[2]! << 8) | 0xff, 0xfe00 | b[3]!, (b[4]! << 8) | b[5]!];
  return `fe80::${groups.map((g) => g.toString(16)).join(":")}`;
}

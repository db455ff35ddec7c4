// Network use of one game server, counted on its game port (docs/game-servers.md#usage). A plain child
// process shares the host's network namespace, so there is no per-process interface counter; but
// players reach a server only through its allocated port, and the kernel keeps byte counters per TCP
// connection (tcp_info, shown by iproute2's `ss -ti`). The meter sums connections to the port while
// they are open and keeps what closed ones had carried. What it cannot see: UDP, traffic the server
// starts itself (downloads), and bytes of a connection that opened and closed between two readings.
import { execFile } from "node:child_process";

export interface TcpConnectionBytes {
  /** `local peer`: a connection's identity while it is open. */
  key: string;
  /** Bytes the server received on it. */
  received: number;
  /** Bytes it sent that the peer acknowledged (bytes_sent when the kernel does not report acked). */
  sent: number;
}

/**
 * The connections of `ss -tinH` output: each is a line with the addresses, then an indented line of
 * tcp_info fields (`bytes_acked:N bytes_received:N`). Lines of any other shape are skipped.
 */
export function parseSsTcpInfo(output: string): TcpConnectionBytes[] {
  const connections: TcpConnectionBytes[] = [];
  let key: string | null = null;
  for (const line of output.split("\n")) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) {
      // Recv-Q Send-Q Local:Port Peer:Port (with -H and a state filter there is no State column; without one there is).
      const fields = line.trim().split(/\s+/);
      const addresses = fields.filter((f) => /:\d+$|:\*$/.test(f));
      key = addresses.length >= 2 ? `${addresses[0]} ${addresses[1]}` : null;
      continue;
    }
    if (!key) continue;
    const number = (name: string) => {
      const match = new RegExp(`(?:^|\\s)${name}:(\\d+)`).exec(line);
      return match ? Number(match[1]) : null;
    };
    connections.push({ key, received: number("bytes_received") ?? 0, sent: number("bytes_acked") ?? number("bytes_sent") ?? 0 });
    key = null;
  }
  return connections;
}

export type ReadConnections = (port: number) => Promise<TcpConnectionBytes[] | null>;

/** Connections whose local port is `port`, through `ss`; null when `ss` is missing or fails. */
export const readConnectionsWithSs: ReadConnections = (port) =>
  new Promise((resolve) => {
    execFile("ss", ["-tinH", `( sport = :${port} )`], { timeout: 5_000, maxBuffer: 8 * 1024 * 1024 }, (error, stdout) => {
      resolve(error ? null : parseSsTcpInfo(stdout));
    });
  });

/** Totals since the meter began; null while they cannot be read on this host. */
export class PortTrafficMeter {
  private open = new Map<string, { received: number; sent: number }>();
  private closedReceived = 0;
  private closedSent = 0;

  constructor(private readonly read: ReadConnections = readConnectionsWithSs) {}

  async totals(port: number): Promise<{ rxBytes: number; txBytes: number } | null> {
    const now = await this.read(port);
    if (now === null) return null;
    const seen = new Map<string, { received: number; sent: number }>();
    for (const c of now) {
      const before = this.open.get(c.key);
      // Counters only grow on one connection: smaller means a new connection reused the addresses.
      if (before && (c.received < before.received || c.sent < before.sent)) this.retire(before);
      seen.set(c.key, { received: c.received, sent: c.sent });
    }
    for (const [key, last] of this.open) if (!seen.has(key)) this.retire(last);
    this.open = seen;
    let rxBytes = this.closedReceived;
    let txBytes = this.closedSent;
    for (const c of seen.values()) {
      rxBytes += c.received;
      txBytes += c.sent;
    }
    return { rxBytes, txBytes };
  }

  private retire(last: { received: number; sent: number }): void {
    this.closedReceived += last.received;
    this.closedSent += last.sent;
  }
}

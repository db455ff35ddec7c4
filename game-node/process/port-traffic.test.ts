import net from "node:net";
import { describe, expect, it } from "vitest";
import { parseSsTcpInfo, PortTrafficMeter, readConnectionsWithSs, type TcpConnectionBytes } from "./port-traffic";

const SAMPLE = `0      0      127.0.0.1:25565 127.0.0.1:51234
\t bbr wscale:10,10 rto:204 rtt:0.016/0.009 mss:32768 cwnd:11 bytes_sent:1500 bytes_acked:1400 bytes_received:600 segs_out:4
0      0      [::ffff:127.0.0.1]:25565 [::ffff:10.0.0.9]:40000
\t cubic bytes_sent:20 bytes_received:7 segs_out:2
garbage line without addresses
\t bytes_received:999
`;

describe("parseSsTcpInfo", () => {
  it("reads each connection's addresses and its acked (else sent) and received bytes; skips what it cannot place", () => {
    expect(parseSsTcpInfo(SAMPLE)).toEqual([
      { key: "127.0.0.1:25565 127.0.0.1:51234", received: 600, sent: 1400 },
      { key: "[::ffff:127.0.0.1]:25565 [::ffff:10.0.0.9]:40000", received: 7, sent: 20 },
    ]);
    expect(parseSsTcpInfo("")).toEqual([]);
  });
});

describe("PortTrafficMeter", () => {
  it("sums open connections and keeps what closed or replaced ones carried", async () => {
    let now: TcpConnectionBytes[] | null = [];
    const meter = new PortTrafficMeter(async () => now);
    expect(await meter.totals(1)).toEqual({ rxBytes: 0, txBytes: 0 });
    now = [{ key: "a", received: 100, sent: 10 }, { key: "b", received: 5, sent: 50 }];
    expect(await meter.totals(1)).toEqual({ rxBytes: 105, txBytes: 60 });
    // a grows, b closes: b's last counts stay in the totals.
    now = [{ key: "a", received: 300, sent: 30 }];
    expect(await meter.totals(1)).toEqual({ rxBytes: 305, txBytes: 80 });
    // a's addresses reused by a new connection (counters went down): the old one's bytes are kept.
    now = [{ key: "a", received: 1, sent: 2 }];
    expect(await meter.totals(1)).toEqual({ rxBytes: 306, txBytes: 82 });
    now = null;
    expect(await meter.totals(1)).toBeNull();
  });

  it("counts real bytes on a real port through ss", async () => {
    const server = net.createServer((socket) => socket.on("data", (data) => socket.write(Buffer.concat([data, data]))));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as net.AddressInfo).port;
    const meter = new PortTrafficMeter(readConnectionsWithSs);
    try {
      const client = net.connect(port, "127.0.0.1");
      let got = 0;
      const echoed = new Promise<void>((resolve) => client.on("data", (d) => (got += d.length) >= 20_000 && resolve()));
      client.write(Buffer.alloc(10_000, 1));
      await echoed;
      await expect.poll(async () => meter.totals(port), { timeout: 5_000 }).toEqual({ rxBytes: 10_000, txBytes: 20_000 });
      // Closed: the counts stay.
      await new Promise<void>((resolve) => client.end(resolve));
      client.destroy();
      await new Promise((r) => setTimeout(r, 100));
      expect(await meter.totals(port)).toEqual({ rxBytes: 10_000, txBytes: 20_000 });
    } finally {
      server.close();
    }
  });
});

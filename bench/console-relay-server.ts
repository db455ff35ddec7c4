// The process under test for bench/console-relay.ts: the real console relay route behind the real
// upgrade dispatcher (server/attach-websockets.ts), and beside it the baseline, a plain TCP pipe
// (`socket.pipe(upstream)`) to the same machine. Run with --expose-gc. The "machines" (a bulk
// source, an echo, an idle console) listen in the parent, whose ports arrive in BENCH_MACHINES as
// JSON {bulk, echo, idle}. A session id "<machine>-<n>" opens a TCP connection to that machine
// (what a real driver's openConsole does with a hypervisor's console port); every token is served once.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { ServedConsole } from "@/lib/console/relay-port";
import { createConsoleRelayRoute } from "@/lib/ws/console-relay";
import { registerWebSocketRoute } from "@/lib/ws/registry";
import { attachWebSockets } from "@/server/attach-websockets";

const machines = JSON.parse(process.env.BENCH_MACHINES ?? "{}") as Record<string, number>;
const BENCH_ORIGIN = "http://bench.invalid"; // bench/console-relay.ts dials with this Origin
const spent = new Set<string>();

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1", noDelay: true }, () => resolve(socket));
    socket.once("error", reject);
  });
}

registerWebSocketRoute(
  createConsoleRelayRoute({
    allowedOrigin: BENCH_ORIGIN,
    async consume({ sessionId, token }): Promise<ServedConsole | null> {
      const port = machines[sessionId.split("-")[0]!];
      if (!port || spent.has(token)) return null;
      spent.add(token);
      return {
        sessionId,
        serviceId: sessionId,
        channel: "rfb",
        viewOnly: false,
        closesAt: new Date(Date.now() + 3_600_000),
        open: () => connect(port),
        closeReason: async () => null,
        closed: async () => {},
      };
    },
  }),
);

const server = http.createServer((req, res) => {
  if (req.url === "/rss") {
    (globalThis as { gc?: () => void }).gc?.();
    return res.end(JSON.stringify({ rss: process.memoryUsage().rss }));
  }
  res.writeHead(404).end();
});
attachWebSockets(server);

function pipeTo(port: number): net.Server {
  return net.createServer({ noDelay: true }, (client) => {
    const upstream = net.connect({ port, host: "127.0.0.1", noDelay: true });
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
}

const listen = (s: net.Server) => new Promise<number>((resolve) => s.listen(0, "127.0.0.1", () => resolve((s.address() as AddressInfo).port)));
const ports = {
  ws: await listen(server),
  pipeBulk: await listen(pipeTo(machines.bulk!)),
  pipeEcho: await listen(pipeTo(machines.echo!)),
};
console.log(JSON.stringify(ports));

import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: Date;
}

export type ReceiverHandler = (request: ReceivedWebhook, response: http.ServerResponse) => unknown;

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** TCP connections accepted (a refused delivery must make none). */
  connections(): number;
  setHandler(handler: ReceiverHandler): void;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 for tests: records every request; answers 200 unless told otherwise. */
export async function startWebhookReceiver(handler?: ReceiverHandler): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let current: ReceiverHandler = handler ?? ((_req, res) => res.end("ok"));
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), receivedAt: new Date() };
      received.push(entry);
      void Promise.resolve(current(entry, res)).catch(() => res.destroy());
    });
  });
  server.on("connection", (socket) => {
    connections++;
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    connections: () => connections,
    setHandler: (h) => (current = h),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

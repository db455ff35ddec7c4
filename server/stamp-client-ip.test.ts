import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRUSTED_CLIENT_IP_HEADER } from "@/lib/api/client-ip";
import { stampClientIp } from "./stamp-client-ip";

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    stampClientIp(req);
    const raw = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i]!.toLowerCase() === TRUSTED_CLIENT_IP_HEADER);
    res.end(JSON.stringify({ header: req.headers[TRUSTED_CLIENT_IP_HEADER], rawCopies: raw.length }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("stampClientIp", () => {
  it("replaces a forged client-address header with the socket address", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { [TRUSTED_CLIENT_IP_HEADER]: "10.9.8.7" } });
    const body = (await res.json()) as { header: string; rawCopies: number };
    expect(body.header).toBe("127.0.0.1");
    expect(body.rawCopies).toBe(1);
  });
});

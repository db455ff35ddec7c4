import { describe, expect, it } from "vitest";
import { AUTH_FAILED_REASON, RFB_VERSION, SECURITY_TYPE_REFUSED_REASON } from "./serve-rfb";
import { ByteReader } from "./testing/byte-reader";
import { rfbPair } from "./testing/rfb-pair";
import { RfbTestClient } from "./testing/rfb-test-client";
import { vncAuthResponse } from "./vnc-auth-response";

const bytes = (...values: number[]) => Buffer.from(values);
const u32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};

/** ServerInit for an 80x25 screen named "test-vm": 640x400, 32-bit little-endian true colour, red at 16. */
const SERVER_INIT = Buffer.concat([
  bytes(0x02, 0x80, 0x01, 0x90), // 640, 400
  bytes(32, 24, 0, 1, 0x00, 0xff, 0x00, 0xff, 0x00, 0xff, 16, 8, 0, 0, 0, 0),
  u32(7),
  Buffer.from("test-vm"),
]);

describe("serveRfb handshake, RFB 3.8", () => {
  it("offers None without a password: version, [1, None], SecurityResult OK, ServerInit", async () => {
    const { clientStream } = rfbPair();
    const r = new ByteReader(clientStream);
    expect((await r.read(12)).toString("latin1")).toBe("RFB 003.008\n");
    expect(RFB_VERSION).toBe("RFB 003.008\n");
    clientStream.write("RFB 003.008\n");
    expect(await r.read(2)).toEqual(bytes(1, 1));
    clientStream.write(bytes(1));
    expect(await r.read(4)).toEqual(u32(0));
    clientStream.write(bytes(1)); // ClientInit, shared
    expect(await r.read(SERVER_INIT.length)).toEqual(SERVER_INIT);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(r.available).toBe(0);
  });

  it("demands VNC authentication with a password and accepts the right DES response", async () => {
    const { clientStream } = rfbPair({ password: "s3cret" });
    const r = new ByteReader(clientStream);
    await r.read(12);
    clientStream.write("RFB 003.008\n");
    expect(await r.read(2)).toEqual(bytes(1, 2));
    clientStream.write(bytes(2));
    const challenge = await r.read(16);
    clientStream.write(vncAuthResponse("s3cret", challenge));
    expect(await r.read(4)).toEqual(u32(0));
    clientStream.write(bytes(0));
    expect(await r.read(SERVER_INIT.length)).toEqual(SERVER_INIT);
  });

  it("answers a wrong response with SecurityResult failed and the reason, then hangs up", async () => {
    const { clientStream } = rfbPair({ password: "s3cret" });
    const r = new ByteReader(clientStream);
    await r.read(12);
    clientStream.write("RFB 003.008\n");
    await r.read(2);
    clientStream.write(bytes(2));
    const challenge = await r.read(16);
    clientStream.write(vncAuthResponse("S3cret", challenge));
    expect(await r.read(4)).toEqual(u32(1));
    expect(AUTH_FAILED_REASON).toBe("Authentication failed");
    expect(await r.read(4 + 21)).toEqual(Buffer.concat([u32(21), Buffer.from("Authentication failed")]));
    await r.expectClosed();
  });

  it("sends a fresh random challenge to every connection", async () => {
    const challenges: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { clientStream } = rfbPair({ password: "pw" });
      const r = new ByteReader(clientStream);
      await r.read(12);
      clientStream.write("RFB 003.008\n");
      await r.read(2);
      clientStream.write(bytes(2));
      challenges.push((await r.read(16)).toString("hex"));
      clientStream.destroy();
    }
    expect(new Set(challenges).size).toBe(3);
  });

  it("refuses a security type it did not offer, with the reason", async () => {
    const { clientStream } = rfbPair({ password: "pw" });
    const r = new ByteReader(clientStream);
    await r.read(12);
    clientStream.write("RFB 003.008\n");
    await r.read(2);
    clientStream.write(bytes(1)); // None, though only VNC authentication was offered
    expect(await r.read(4)).toEqual(u32(1));
    expect(await r.readString()).toBe(SECURITY_TYPE_REFUSED_REASON);
    await r.expectClosed();
  });

  it("treats a later 3.x client as 3.8", async () => {
    const { clientStream } = rfbPair();
    const client = await RfbTestClient.connect(clientStream, { version: "RFB 003.889\n" });
    expect([client.width, client.height, client.name]).toEqual([640, 400, "test-vm"]);
  });
});

describe("serveRfb handshake, older clients", () => {
  it("3.7: security types list, no SecurityResult after None", async () => {
    const { clientStream } = rfbPair();
    const r = new ByteReader(clientStream);
    await r.read(12);
    clientStream.write("RFB 003.007\n");
    expect(await r.read(2)).toEqual(bytes(1, 1));
    clientStream.write(bytes(1));
    clientStream.write(bytes(1));
    expect(await r.read(SERVER_INIT.length)).toEqual(SERVER_INIT);
  });

  it("3.7: a failed authentication carries no reason", async () => {
    const { clientStream } = rfbPair({ password: "pw" });
    const r = new ByteReader(clientStream);
    await r.read(12);
    clientStream.write("RFB 003.007\n");
    await r.read(2);
    clientStream.write(bytes(2));
    await r.read(16);
    clientStream.write(Buffer.alloc(16));
    expect(await r.read(4)).toEqual(u32(1));
    await r.expectClosed();
    expect(r.available).toBe(0);
  });

  it("3.3: the server names the type as a U32; None goes straight to ClientInit", async () => {
    const { clientStream } = rfbPair();
    const r = new ByteReader(clientStream);
    await r.read(12);
    clientStream.write("RFB 003.003\n");
    expect(await r.read(4)).toEqual(u32(1));
    clientStream.write(bytes(1));
    expect(await r.read(SERVER_INIT.length)).toEqual(SERVER_INIT);
  });

  it("3.3 with a password: type 2, challenge, SecurityResult", async () => {
    const { clientStream } = rfbPair({ password: "pw" });
    const r = new ByteReader(clientStream);
    await r.read(12);
    clientStream.write("RFB 003.003\n");
    expect(await r.read(4)).toEqual(u32(2));
    const challenge = await r.read(16);
    clientStream.write(vncAuthResponse("pw", challenge));
    expect(await r.read(4)).toEqual(u32(0));
  });

  it("3.5 (reported by some clients) is treated as 3.3", async () => {
    const { clientStream } = rfbPair({ password: "pw" });
    const client = await RfbTestClient.connect(clientStream, { version: "RFB 003.005\n", password: "pw" });
    expect(client.width).toBe(640);
  });

  it("refuses another major version with a reason, and hangs up on garbage", async () => {
    const refused = rfbPair();
    const r = new ByteReader(refused.clientStream);
    await r.read(12);
    refused.clientStream.write("RFB 004.000\n");
    expect(await r.read(4)).toEqual(u32(0));
    expect(await r.readString()).toBe("Unsupported protocol version");
    await r.expectClosed();

    const garbage = rfbPair();
    const g = new ByteReader(garbage.clientStream);
    await g.read(12);
    garbage.clientStream.write("GET / HTTP/1.1\r\n");
    await g.expectClosed();
    expect(g.available).toBe(0);
  });
});

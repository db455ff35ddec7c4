import { describe, expect, it } from "vitest";
import { publicOrigin } from "@/lib/platform/public-origin";
import { castIsLive, castStatus } from "./cast-state";
import { consoleWebsocketUrl } from "./mint-console-session";

const t0 = new Date("2026-05-04T08:00:00.000Z");
const at = (s: number) => new Date(t0.getTime() + s * 1000);
const cast = (over: Partial<Parameters<typeof castStatus>[0]> = {}) => ({ revokedAt: null, firstOpenedAt: null, openExpiresAt: at(60), viewerExpiresAt: null, ...over });

describe("castStatus", () => {
  it("pending until the open deadline, then expired", () => {
    expect(castStatus(cast(), at(59))).toBe("pending");
    expect(castStatus(cast(), at(60))).toBe("expired");
  });
  it("open inside the viewing window, even past the open deadline; expired when it ends", () => {
    const opened = cast({ firstOpenedAt: at(30), viewerExpiresAt: at(330) });
    expect(castStatus(opened, at(100))).toBe("open");
    expect(castIsLive(opened, at(329))).toBe(true);
    expect(castStatus(opened, at(330))).toBe("expired");
    expect(castIsLive(opened, at(330))).toBe(false);
  });
  it("revoked wins over every other state", () => {
    expect(castStatus(cast({ revokedAt: at(1) }), at(2))).toBe("revoked");
    expect(castStatus(cast({ revokedAt: at(1), firstOpenedAt: at(0), viewerExpiresAt: at(300) }), at(2))).toBe("revoked");
  });
});

describe("console URLs", () => {
  it("the origin is RACKFRONT_BASE_URL's, never a path; else localhost on the port", () => {
    expect(publicOrigin({ RACKFRONT_BASE_URL: "https://portal.example.com/some/path/" })).toBe("https://portal.example.com");
    expect(publicOrigin({ PORT: "4100" })).toMatch(/^http:\/\/localhost:\d+$/);
  });
  it("the websocket URL follows the origin's scheme", () => {
    const session = { wsPath: "/api/console/ws/abc", token: "tok-en_1" };
    expect(consoleWebsocketUrl({ ...session, origin: "https://portal.example.com" })).toBe("wss://portal.example.com/api/console/ws/abc?token=tok-en_1");
    expect(consoleWebsocketUrl({ ...session, origin: "http://localhost:3000" })).toBe("ws://localhost:3000/api/console/ws/abc?token=tok-en_1");
  });
});

import { describe, expect, it } from "vitest";
import { castView } from "./cast-view";

const session = {
  kind: "vps" as const,
  sessionId: "cs_1",
  token: "tok",
  wsPath: "/api/console/ws/cs_1",
  origin: "https://portal.example",
  viewerKind: "novnc" as const,
  channel: "rfb" as const,
  viewOnly: true,
  rfbPassword: "pw123456",
  expiresAt: "2030-06-15T12:05:00.000Z",
};

describe("castView", () => {
  it("keeps only what the viewer dials with: no cast id, no channel", () => {
    const opening = { castId: "7c0e8a7e-0000-4000-8000-000000000001", label: "web-01", viewOnly: true, viewerExpiresAt: "2030-06-15T13:00:00.000Z", session, waiting: false };
    expect(castView(opening)).toEqual({
      label: "web-01",
      viewOnly: true,
      viewerExpiresAt: "2030-06-15T13:00:00.000Z",
      session: { kind: "vps", sessionId: "cs_1", token: "tok", wsPath: "/api/console/ws/cs_1", origin: "https://portal.example", viewerKind: "novnc", rfbPassword: "pw123456", expiresAt: "2030-06-15T12:05:00.000Z" },
    });
  });

  it("has no session to dial while the machine waits for a display", () => {
    const base = { castId: "c", label: "web-01", viewOnly: false, viewerExpiresAt: "2030-06-15T13:00:00.000Z" };
    expect(castView({ ...base, session: null, waiting: true }).session).toBeNull();
    expect(castView({ ...base, session, waiting: true }).session).toBeNull();
  });
});

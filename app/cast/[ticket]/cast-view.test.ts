import { describe, expect, it } from "vitest";
import { castView } from "./cast-view";

const session = {
  kind: "vps" as const,
  sessionId: "cs_1",
  token: "tok",
  wsPath: "/api/console/ws/cs_1",
  origin: "https://portal.example",
  viewerKind: "novnc" as const,
  rfbPassword: "pw123456",
  expiresAt: new Date("2030-06-15T12:05:00Z"),
};

describe("castView", () => {
  it("turns dates into ISO strings and keeps only what the viewer dials with", () => {
    const opening = { label: "web-01", viewOnly: true, viewerExpiresAt: new Date("2030-06-15T13:00:00Z"), session: { ...session, type: "novnc", websocketUrl: "wss://x" }, waiting: false };
    expect(castView(opening)).toEqual({
      label: "web-01",
      viewOnly: true,
      viewerExpiresAt: "2030-06-15T13:00:00.000Z",
      session: { kind: "vps", sessionId: "cs_1", token: "tok", wsPath: "/api/console/ws/cs_1", origin: "https://portal.example", viewerKind: "novnc", rfbPassword: "pw123456", expiresAt: "2030-06-15T12:05:00.000Z" },
    });
  });

  it("has no session to dial while the machine waits for a display", () => {
    expect(castView({ label: "web-01", viewOnly: false, viewerExpiresAt: "2030-06-15T13:00:00.000Z", session: null, waiting: true }).session).toBeNull();
    expect(castView({ label: "web-01", viewOnly: false, viewerExpiresAt: "2030-06-15T13:00:00.000Z", session, waiting: true }).session).toBeNull();
  });
});

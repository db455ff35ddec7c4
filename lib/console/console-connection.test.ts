import { describe, expect, it } from "vitest";
import { consoleSocketUrl, describeConsoleClose, SESSION_EXPIRED, WAITING_FOR_DISPLAY } from "./console-connection";

describe("consoleSocketUrl", () => {
  it("dials wss on an https origin and ws on an http one, with the token in the query", () => {
    expect(consoleSocketUrl({ origin: "https://portal.example", wsPath: "/api/console/ws/cs_1", token: "tok" })).toBe("wss://portal.example/api/console/ws/cs_1?token=tok");
    expect(consoleSocketUrl({ origin: "http://localhost:3000", wsPath: "/api/console/ws/cs_1", token: "tok" })).toBe("ws://localhost:3000/api/console/ws/cs_1?token=tok");
  });

  it("keeps the origin's host and port, ignores a path on the origin and escapes the token", () => {
    expect(consoleSocketUrl({ origin: "https://portal.example:8443/", wsPath: "/api/console/ws/a%2Fb", token: "a+b/c=&d" })).toBe(
      "wss://portal.example:8443/api/console/ws/a%2Fb?token=a%2Bb%2Fc%3D%26d",
    );
  });
});

describe("describeConsoleClose", () => {
  it("4409 is waiting for the display, whatever the reason says", () => {
    expect(describeConsoleClose({ code: 4409, reason: "waiting for display", opened: true })).toEqual({ state: "waiting", message: WAITING_FOR_DISPLAY });
    expect(describeConsoleClose({ code: 4409, reason: "", opened: true }).state).toBe("waiting");
  });

  it.each(["session expired", "The viewing window has ended", "Console session expired."])("%s is an expired session", (reason) => {
    expect(describeConsoleClose({ code: 4000, reason, opened: true })).toEqual({ state: "expired", message: SESSION_EXPIRED });
  });

  it("shows the relay's reason as a sentence", () => {
    expect(describeConsoleClose({ code: 4003, reason: "cast revoked", opened: true })).toEqual({ state: "disconnected", message: "Disconnected: Cast revoked." });
    expect(describeConsoleClose({ code: 4003, reason: "The service is suspended.", opened: true }).message).toBe("Disconnected: The service is suspended.");
  });

  it("explains a dial refused before the upgrade, a lost connection and a restart", () => {
    expect(describeConsoleClose({ code: 1006, reason: "", opened: false }).message).toMatch(/refused the connection/);
    expect(describeConsoleClose({ code: 1006, reason: "", opened: true }).message).toBe("Disconnected: the connection was lost.");
    expect(describeConsoleClose({ code: 1001, reason: "", opened: true }).message).toBe("Disconnected: the server is restarting.");
    expect(describeConsoleClose({ code: 4999, reason: "", opened: true }).message).toBe("Disconnected (code 4999).");
  });
});

import { describe, expect, it } from "vitest";
import { describeCountdown, formatCountdown } from "./format-countdown";

const now = new Date("2030-06-15T12:00:00Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("formatCountdown", () => {
  it.each([
    [3600, "1:00:00"],
    [3599, "59:59"],
    [3723, "1:02:03"],
    [12 * 3600, "12:00:00"],
    [65, "1:05"],
    [9, "0:09"],
    [0, "0:00"],
    [-30, "0:00"],
  ])("%i s left → %s", (seconds, text) => {
    expect(formatCountdown(at(seconds), now)).toBe(text);
  });

  it("rounds a part second up, so 0:00 means the moment has come", () => {
    expect(formatCountdown(new Date(now.getTime() + 200), now)).toBe("0:01");
    expect(formatCountdown(new Date(now.getTime() + 59_001), now)).toBe("1:00");
  });
});

describe("describeCountdown", () => {
  it.each([
    [3723, "1 hour 2 minutes left"],
    [7200, "2 hours left"],
    [61, "1 minute left"],
    [45, "45 seconds left"],
    [1, "1 second left"],
    [0, "no time left"],
    [-5, "no time left"],
  ])("%i s left → %s", (seconds, text) => {
    expect(describeCountdown(at(seconds), now)).toBe(text);
  });
});

import { expect, it } from "vitest";
import { formatBitsPerSecond, formatBytes } from "./data-units";

it("scales to decimal units with one decimal below 100", () => {
  expect(formatBitsPerSecond(0)).toBe("0 bit/s");
  expect(formatBitsPerSecond(950)).toBe("950 bit/s");
  expect(formatBitsPerSecond(12_300_000)).toBe("12.3 Mbit/s");
  expect(formatBitsPerSecond(250_000_000)).toBe("250 Mbit/s");
  expect(formatBytes(1_234_000_000)).toBe("1.2 GB");
  expect(formatBytes(5_600_000_000_000_000)).toBe("5600 TB");
});

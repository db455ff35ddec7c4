import { describe, expect, it } from "vitest";
import { randomAlphanumeric } from "./random-alphanumeric";

describe("randomAlphanumeric", () => {
  it("returns exactly the requested number of [A-Za-z0-9] characters", () => {
    for (const n of [1, 8, 64, 300]) expect(randomAlphanumeric(n)).toMatch(new RegExp(`^[A-Za-z0-9]{${n}}$`));
  });

  it("does not favour the first characters of the alphabet (no modulo bias)", () => {
    // A plain `byte % 62` would make A-D a quarter more likely (5/256 against 4/256).
    const counts = new Map<string, number>();
    for (const c of randomAlphanumeric(620_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const head = ["A", "B", "C", "D"].reduce((s, c) => s + counts.get(c)!, 0) / 4;
    const rest = [...counts.entries()].filter(([c]) => !"ABCD".includes(c)).reduce((s, [, n]) => s + n, 0) / 58;
    expect(head / rest).toBeLessThan(1.08);
  });
});

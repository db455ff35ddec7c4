import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pacedWrites } from "./paced-writes";

/** A Writable that records each call to its sink: one entry per write(v) system call it stands for. */
function recordingSink() {
  const calls: string[][] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      calls.push([chunk.toString()]);
      done();
    },
    writev(chunks, done) {
      calls.push(chunks.map(({ chunk }) => String(chunk)));
      done();
    },
  });
  return { sink, calls };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("pacedWrites", () => {
  it("sends a burst written in one turn as one batch, in order, at the end of that turn", async () => {
    const { sink, calls } = recordingSink();
    const hold = pacedWrites(sink, { intervalMs: 1000, maxHeldBytes: 1 << 20 });
    for (let i = 0; i < 100; i++) {
      hold();
      sink.write(`line ${i}\n`);
    }
    expect(calls).toEqual([]);
    await nextTurn();
    expect(calls).toEqual([Array.from({ length: 100 }, (_, i) => `line ${i}\n`)]);
    expect(sink.writableCorked).toBe(0);
  });

  it("holds writes that follow a release for the rest of the interval, then sends them together", async () => {
    const { sink, calls } = recordingSink();
    const hold = pacedWrites(sink, { intervalMs: 300, maxHeldBytes: 1 << 20 });
    hold();
    sink.write("first");
    await nextTurn();
    expect(calls).toEqual([["first"]]);
    for (const text of ["a", "b", "c"]) {
      await nextTurn();
      hold();
      sink.write(text);
    }
    await sleep(20);
    expect(calls).toHaveLength(1);
    await sleep(400);
    expect(calls).toEqual([["first"], ["a", "b", "c"]]);
    // After a quiet interval the next write goes at once again.
    await sleep(400);
    hold();
    sink.write("later");
    await nextTurn();
    expect(calls.at(-1)).toEqual(["later"]);
    expect(sink.writableCorked).toBe(0);
  });

  it("releases held writes at once when they reach maxHeldBytes, then holds again", async () => {
    const { sink, calls } = recordingSink();
    const hold = pacedWrites(sink, { intervalMs: 300, maxHeldBytes: 1000 });
    hold();
    sink.write("first");
    await nextTurn();
    hold();
    sink.write("x".repeat(600));
    hold();
    sink.write("y".repeat(600));
    expect(calls).toHaveLength(1);
    // 1200 bytes held: the next write's hold sends them before that write, in this turn.
    hold();
    expect(calls).toEqual([["first"], ["x".repeat(600), "y".repeat(600)]]);
    sink.write("z");
    await nextTurn();
    expect(calls).toHaveLength(2);
    await sleep(400);
    expect(calls.at(-1)).toEqual(["z"]);
    expect(sink.writableCorked).toBe(0);
  });

  it("nests with the writer's own cork and uncork (as ws does per frame)", async () => {
    const { sink, calls } = recordingSink();
    const hold = pacedWrites(sink, { intervalMs: 1000, maxHeldBytes: 1 << 20 });
    for (const part of ["a", "b"]) {
      hold();
      sink.cork();
      sink.write(`${part}-header`);
      sink.write(`${part}-payload`);
      sink.uncork();
    }
    expect(calls).toEqual([]);
    await nextTurn();
    expect(calls).toEqual([["a-header", "a-payload", "b-header", "b-payload"]]);
  });
});

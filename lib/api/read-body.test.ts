import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readBodyWithLimit } from "./read-body";

/** A request whose body streams `chunks` and records how much of it was pulled. */
function streamingRequest(chunks: number, chunkSize: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(chunkSize).fill(0x61));
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request("http://x.test/", { method: "POST", body: stream, headers, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

describe("readBodyWithLimit", () => {
  it("reads a body of exactly 1,048,576 bytes", async () => {
    const { request } = streamingRequest(16, 65_536);
    const result = await readBodyWithLimit(request);
    expect(result.ok && result.bytes.byteLength).toBe(MAX_BODY_BYTES);
  });

  it("stops at the first byte over the limit on a chunked body (no Content-Length) and cancels the stream", async () => {
    const { request, pulled, cancelled } = streamingRequest(1000, 65_536);
    expect(await readBodyWithLimit(request)).toEqual({ ok: false, reason: "too_large" });
    expect(pulled()).toBeLessThanOrEqual(18); // 17 chunks pass the limit; never the 1000 offered
    expect(cancelled()).toBe(true);
  });

  it("does not trust a Content-Length that lies low", async () => {
    const { request, pulled } = streamingRequest(1000, 65_536, { "content-length": "10" });
    expect(await readBodyWithLimit(request)).toEqual({ ok: false, reason: "too_large" });
    expect(pulled()).toBeLessThanOrEqual(18);
  });

  it("refuses a declared Content-Length over the limit without reading", async () => {
    const { request, pulled } = streamingRequest(1000, 65_536, { "content-length": String(MAX_BODY_BYTES + 1) });
    expect(await readBodyWithLimit(request)).toEqual({ ok: false, reason: "too_large" });
    expect(pulled()).toBeLessThanOrEqual(1);
  });

  it("reads 1,048,577 bytes as too large", async () => {
    const request = new Request("http://x.test/", { method: "POST", body: new Uint8Array(MAX_BODY_BYTES + 1) });
    expect(await readBodyWithLimit(request)).toEqual({ ok: false, reason: "too_large" });
  });

  it("gives an empty body for a request without one", async () => {
    const result = await readBodyWithLimit(new Request("http://x.test/", { method: "DELETE" }));
    expect(result.ok && result.bytes.byteLength).toBe(0);
  });
});

/** Request bodies are limited to 1 MB (reseller Authentication §6, docs/decisions.md#d5); both APIs apply it. */
export const MAX_BODY_BYTES = 1_048_576;

export type BodyReadResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: "too_large" };

/**
 * Reads a request body with a byte counter and stops as soon as it passes `limit`: at most
 * `limit` bytes plus one chunk are ever held, whatever Content-Length claims (a lying or absent
 * header, chunked transfer). A declared length over the limit is refused without reading.
 */
export async function readBodyWithLimit(request: Request, limit: number = MAX_BODY_BYTES): Promise<BodyReadResult> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > limit) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, reason: "too_large" };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: "too_large" };
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return { ok: true, bytes: chunks[0]! };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return { ok: true, bytes };
}

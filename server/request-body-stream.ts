import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/**
 * The request body as a web stream that never destroys the request: cancelling it (a refusal that
 * does not need the body) only stops delivery, so the HTTP layer can still drain what is left and
 * keep the connection, or close it (see settleUnreadBody). Readable.toWeb would destroy the socket
 * on cancel and leave Node's parser mid-message for a keep-alive client's next request.
 */
export function requestBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on("data", (chunk: Buffer) => {
          if (cancelled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 1) <= 0) req.pause();
        });
        req.once("end", () => {
          if (!cancelled) controller.close();
        });
        req.once("error", (error) => {
          if (!cancelled) controller.error(error);
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        cancelled = true;
        req.pause();
      },
    },
    { highWaterMark: 1 },
  );
}

/** A refused body up to this size is read and thrown away so the connection can serve the next request. */
export const DRAIN_LIMIT_BYTES = 4 * 1_048_576;

/**
 * What to do with a body the handler did not read to the end, decided before the answer's headers
 * are written: "drain" (declared length within DRAIN_LIMIT_BYTES: read and discard it, keep the
 * connection) or "close" (unknown or larger length: answer with `Connection: close`). "none" when
 * nothing is left.
 */
export function unreadBodyPolicy(req: IncomingMessage): "none" | "drain" | "close" {
  if (req.complete || req.readableEnded) return "none";
  const declared = req.headers["content-length"];
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) <= DRAIN_LIMIT_BYTES && !req.headers["transfer-encoding"]) return "drain";
  return "close";
}

/** Discards what is left of a request body (the policy was "drain"). */
export function drainRequestBody(req: IncomingMessage): void {
  req.removeAllListeners("data");
  req.on("data", () => {});
  req.resume();
}

/** The longest a connection is kept open after its answer to read and discard what the client still sends. */
export const LINGER_MS = 5_000;

const lingering = new WeakSet<Socket>();

/**
 * Closes the connection after its answer without resetting it (docs/decisions.md#r10): the answer
 * has been written, so end our side (FIN), then read and discard what the client still sends until
 * its body ends, it closes, or LINGER_MS pass; only then destroy the socket. Destroying it at once
 * with body bytes unread (or still arriving) makes the kernel send a reset, and a client still
 * uploading then gets ECONNRESET instead of the answer waiting in its receive buffer.
 */
export function lingeringClose(req: IncomingMessage): void {
  const socket = req.socket as Socket | null;
  if (!socket || socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  // Once the answer and our FIN are flushed and the body has been read to its end, nothing unread is left.
  const destroyWhenFlushed = () => (socket.writableFinished ? socket.destroy() : socket.once("finish", () => socket.destroy()));
  socket.end();
  if (req.complete || req.readableEnded) return void destroyWhenFlushed();
  req.once("end", destroyWhenFlushed);
  drainRequestBody(req);
}

/**
 * For a `Connection: close` answer written before the body was read: Node ends and destroys the
 * socket right after the last answer (ServerResponse's finish calls `socket.destroySoon()`); make
 * that call a lingering close instead.
 */
export function closeAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket as Socket | null;
  if (!socket) return;
  socket.destroySoon = () => lingeringClose(req);
}

/**
 * The safety net for answers written by Next's handler (the fast path decides before its headers):
 * once an answer is sent, a small unread body is drained; anything else closes the connection
 * (lingering, as above).
 */
export function settleUnreadBody(req: IncomingMessage): void {
  const policy = unreadBodyPolicy(req);
  if (policy === "drain") drainRequestBody(req);
  else if (policy === "close") lingeringClose(req);
}

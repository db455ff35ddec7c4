import { Duplex, PassThrough } from "node:stream";

/**
 * Two connected in-memory streams, like the two ends of a socket: what one writes the other reads.
 * Destroying one end destroys the other, as a closed connection would.
 */
export function duplexPair(): [Duplex, Duplex] {
  const aToB = new PassThrough();
  const bToA = new PassThrough();
  const a = Duplex.from({ readable: bToA, writable: aToB });
  const b = Duplex.from({ readable: aToB, writable: bToA });
  a.once("close", () => b.destroy());
  b.once("close", () => a.destroy());
  return [a, b];
}

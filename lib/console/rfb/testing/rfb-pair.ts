import type { Duplex } from "node:stream";
import { TextScreen } from "../../text-screen";
import { type RfbServer, type RfbServerOptions, serveRfb } from "../serve-rfb";
import { duplexPair } from "./duplex-pair";

export interface RfbPair {
  screen: TextScreen;
  server: RfbServer;
  /** The server's end of the connection. */
  serverStream: Duplex;
  /** The viewer's end: raw bytes, or hand it to RfbTestClient.connect. */
  clientStream: Duplex;
  keys: [number, boolean][];
  pointers: [number, number, number][];
}

/** An RFB server on one end of an in-memory connection, recording the keys and pointer events it gets. */
export function rfbPair(options: Partial<RfbServerOptions> = {}): RfbPair {
  const [serverStream, clientStream] = duplexPair();
  const screen = options.screen ?? new TextScreen();
  const keys: [number, boolean][] = [];
  const pointers: [number, number, number][] = [];
  const server = serveRfb(serverStream, {
    screen,
    name: "test-vm",
    password: null,
    onKey: (keysym, down) => keys.push([keysym, down]),
    onPointer: (x, y, mask) => pointers.push([x, y, mask]),
    ...options,
  });
  return { screen, server, serverStream, clientStream, keys, pointers };
}

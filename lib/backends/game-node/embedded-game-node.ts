// The game node the portal itself started (docs/game-servers.md#embedded-node). Nodes whose config is
// `{ "embedded": true }` are driven through whatever endpoint was registered here: the server's
// start-up registers the child agent it spawned, tests register an agent they started themselves.
// The endpoint lives on globalThis because server.ts and the Next.js bundle are separate module graphs
// in one process (as lib/ws/registry.ts's routes).

export interface EmbeddedGameNodeEndpoint {
  url: string;
  token: string;
  sftpHost: string;
  sftpPort: number;
}

const slot = globalThis as unknown as { __rackfrontEmbeddedGameNode?: EmbeddedGameNodeEndpoint | null };

export function setEmbeddedGameNode(endpoint: EmbeddedGameNodeEndpoint | null): void {
  slot.__rackfrontEmbeddedGameNode = endpoint;
}

export function embeddedGameNode(): EmbeddedGameNodeEndpoint | null {
  return slot.__rackfrontEmbeddedGameNode ?? null;
}

// The game node the portal itself started (docs/game-servers.md#embedded-node). Nodes whose config is
// `{ "embedded": true }` are driven through whatever endpoint was registered here: the server's
// start-up registers the child agent it spawned, tests register an agent they started themselves.

export interface EmbeddedGameNodeEndpoint {
  url: string;
  token: string;
  sftpHost: string;
  sftpPort: number;
}

let current: EmbeddedGameNodeEndpoint | null = null;

export function setEmbeddedGameNode(endpoint: EmbeddedGameNodeEndpoint | null): void {
  current = endpoint;
}

export function embeddedGameNode(): EmbeddedGameNodeEndpoint | null {
  return current;
}

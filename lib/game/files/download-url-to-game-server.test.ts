import { createServer, type Server } from "node:http";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackendError } from "@/lib/backends/backend-error";
import type { GameNodeDriver } from "@/lib/backends/game-node/game-node-driver";
import { DomainError } from "@/lib/errors/domain-error";
import { createAddressPolicy } from "@/lib/webhooks/address-policy";
import type { GameServerOfService } from "../game-server-of-service";
import { downloadUrlToGameServer } from "./download-url-to-game-server";
import { GAME_FILE_CODES } from "./game-file-rules";

// The races the real agent cannot be made to lose on demand: a node that cuts the upload off
// mid-stream (its 413 overtaken by its close) and then still answers, against one that is really gone.

let web: Server;
let base: string;
const policy = createAddressPolicy({ allow: ["127.0.0.1"] });
const body = Buffer.alloc(256 * 1024, 7);

beforeAll(async () => {
  web = createServer((_req, res) => res.writeHead(200, { "content-length": String(body.length) }).end(body));
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(web.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));

interface FakeNode {
  /** Bytes the node reads before it fails (null: it reads everything and succeeds). */
  failAfter: number | null;
  /** Whether the node answers a status request after the failure. */
  answers: boolean;
}

function found(fake: FakeNode, seen: { bytes: number; statusAsked: number }): GameServerOfService {
  const node = {
    async writeRawFile(_serverId: string, _path: string, stream: Readable | Buffer) {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        seen.bytes += chunk.length;
        if (fake.failAfter !== null && seen.bytes >= fake.failAfter) throw new BackendError("provider_unreachable", "socket hang up");
      }
    },
    async getServer() {
      seen.statusAsked++;
      if (!fake.answers) throw new BackendError("provider_unreachable", "connect ECONNREFUSED");
      return { state: "running" };
    },
  } as unknown as GameNodeDriver;
  return { service: {} as GameServerOfService["service"], server: { id: "srv_1" } as GameServerOfService["server"], node };
}

async function run(fake: FakeNode) {
  const seen = { bytes: 0, statusAsked: 0 };
  const outcome = await downloadUrlToGameServer(found(fake, seen), { url: `${base}/world.zip`, path: "/" }, { policy }).then(
    (value) => ({ value, error: null as unknown }),
    (error: unknown) => ({ value: null, error }),
  );
  return { ...outcome, seen };
}

describe("downloadUrlToGameServer when the node breaks off", () => {
  it("stores the whole body when the node takes it", async () => {
    const { value, error } = await run({ failAfter: null, answers: true });
    expect(error).toBeNull();
    expect(value).toEqual({ path: "/world.zip", bytes: body.length });
  });

  it("reports a mid-stream cut-off from a node that still answers as the quota refusal (413)", async () => {
    const { error, seen } = await run({ failAfter: 64 * 1024, answers: true });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "too_large", code: GAME_FILE_CODES.quotaExceeded, message: "world.zip does not fit in the server's disk quota" });
    expect(seen.statusAsked).toBe(1);
    expect(seen.bytes).toBeLessThan(body.length);
  });

  it("reports a node that is gone after the cut-off as unreachable (503), not as a quota refusal", async () => {
    const { error, seen } = await run({ failAfter: 64 * 1024, answers: false });
    expect(error).toMatchObject({ kind: "unavailable", code: "PROVIDER_UNAVAILABLE" });
    expect(seen.statusAsked).toBe(1);
  });

  it("does not call a node that failed before reading a byte a quota refusal", async () => {
    const node = found({ failAfter: null, answers: true }, { bytes: 0, statusAsked: 0 });
    let asked = 0;
    node.node = {
      async writeRawFile() {
        throw new BackendError("provider_unreachable", "connect ECONNREFUSED");
      },
      async getServer() {
        asked++;
        return { state: "running" };
      },
    } as unknown as GameNodeDriver;
    const error = await downloadUrlToGameServer(node, { url: `${base}/world.zip`, path: "/" }, { policy }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", code: "PROVIDER_UNAVAILABLE" });
    expect(asked).toBe(0);
  });
});

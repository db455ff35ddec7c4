// What the node remembers about each server across restarts (docs/game-servers.md#agent): one JSON
// file per server in `<dataDir>/servers/<id>.json`, written atomically (temp file, fsync, rename) so a
// crash mid-write leaves the previous version, never half a file. Writes to one file run in order.
import { randomBytes } from "node:crypto";
import { promises as fsp } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { serverDefinitionSchema, type ServerDefinition, type InstallState } from "../protocol/node-api";
import { isServerId } from "./server-id";

export interface ServerRecord {
  id: string;
  definition: ServerDefinition;
  installState: InstallState;
  installError: string | null;
  /** The SFTP login; only the scrypt hash of the password, never the password. */
  sftp: { username: string; passwordHash: string } | null;
  /** The server was starting or running when last written: the agent starts it again when it starts. */
  wasRunning: boolean;
}

const recordSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  definition: serverDefinitionSchema,
  installState: z.enum(["installing", "installed", "failed"]),
  installError: z.string().nullable(),
  sftp: z.object({ username: z.string(), passwordHash: z.string() }).nullable(),
  wasRunning: z.boolean(),
});

export class ServerStore {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(readonly directory: string) {}

  async init(): Promise<void> {
    await fsp.mkdir(this.directory, { recursive: true, mode: 0o700 });
  }

  /** Every readable record; a file that does not parse is reported and skipped, never deleted. */
  async loadAll(log: (line: string) => void): Promise<ServerRecord[]> {
    const records: ServerRecord[] = [];
    for (const name of (await fsp.readdir(this.directory)).sort()) {
      const id = name.endsWith(".json") ? name.slice(0, -".json".length) : null;
      if (id === null || !isServerId(id)) continue;
      try {
        const parsed = recordSchema.parse(JSON.parse(await fsp.readFile(path.join(this.directory, name), "utf8")));
        if (parsed.id !== id) throw new Error(`it names server ${parsed.id}`);
        records.push({ id, definition: parsed.definition, installState: parsed.installState, installError: parsed.installError, sftp: parsed.sftp, wasRunning: parsed.wasRunning });
      } catch (error) {
        log(`game node: skipping ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return records;
  }

  save(record: ServerRecord): Promise<void> {
    const body = JSON.stringify({ version: 1, ...record }, null, 2) + "\n";
    return this.enqueue(record.id, () => writeAtomic(this.fileOf(record.id), body));
  }

  remove(id: string): Promise<void> {
    return this.enqueue(id, () => fsp.rm(this.fileOf(id), { force: true }));
  }

  private fileOf(id: string): string {
    if (!isServerId(id)) throw new Error(`not a server id: ${id}`);
    return path.join(this.directory, `${id}.json`);
  }

  private enqueue(id: string, work: () => Promise<void>): Promise<void> {
    const run = (this.queues.get(id) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => {});
    this.queues.set(id, settled);
    // Forget an idle queue so deleted servers do not leave entries behind.
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return run;
  }
}

async function writeAtomic(file: string, body: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  // 0600: the record holds the SFTP password hash.
  const handle = await fsp.open(temp, "wx", 0o600);
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fsp.rename(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

// The node's servers by id (docs/game-servers.md#agent). Creating, changing and deleting one server
// run one at a time per id, so two PUTs (or a PUT and a DELETE) for the same server cannot interleave.
import type { ServerDefinition } from "../protocol/node-api";
import { ManagedServer, type ServerContext } from "./managed-server";

export class ServerRegistry {
  private readonly servers = new Map<string, ManagedServer>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly volumesDir: string,
  ) {}

  /** Opens every stored server (without starting anything yet). */
  async load(): Promise<void> {
    for (const record of await this.ctx.store.loadAll(this.ctx.log)) {
      try {
        this.servers.set(record.id, await ManagedServer.open(this.ctx, this.volumesDir, record));
      } catch (error) {
        this.ctx.log(`game node: cannot open server ${record.id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** In the background: unfinished installs run again, servers that were running start again. */
  resumeAll(): void {
    for (const server of this.servers.values()) {
      void server.resume().catch((error) => this.ctx.log(`game node: resuming server ${server.id} failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  get(id: string): ManagedServer | undefined {
    return this.servers.get(id);
  }

  get size(): number {
    return this.servers.size;
  }

  all(): ManagedServer[] {
    return [...this.servers.values()];
  }

  bySftpUsername(username: string): ManagedServer | undefined {
    return this.all().find((server) => server.sftp?.username === username);
  }

  /** Creates the server (folder, record, background install) or changes its definition. */
  put(id: string, definition: ServerDefinition): Promise<ManagedServer> {
    return this.locked(id, async () => {
      const existing = this.servers.get(id);
      if (existing) {
        existing.update(definition);
        await existing.persist();
        return existing;
      }
      const server = await ManagedServer.open(this.ctx, this.volumesDir, {
        id,
        definition,
        installState: "installing",
        installError: null,
        sftp: null,
        wasRunning: false,
      });
      this.servers.set(id, server);
      await server.persist();
      void server.install(definition.startAfterInstall);
      return server;
    });
  }

  /** False when there is no such server. */
  delete(id: string): Promise<boolean> {
    return this.locked(id, async () => {
      const server = this.servers.get(id);
      if (!server) return false;
      this.servers.delete(id);
      await server.remove();
      return true;
    });
  }

  /** Stops every server gracefully, in parallel. */
  async shutdown(): Promise<void> {
    await Promise.all(this.all().map((server) => server.shutdown().catch(() => {})));
  }

  private locked<T>(id: string, work: () => Promise<T>): Promise<T> {
    const run = (this.locks.get(id) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => {});
    this.locks.set(id, settled);
    void settled.then(() => {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    });
    return run;
  }
}

import type { DomainContext } from "@/lib/db/domain-context";
import type { Db, DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import { defaultProjectOf, findProjectByRef } from "@/lib/projects/find-project-or-throw";
import { isUuid } from "@/lib/schemas/uuid";
import { parseSshPublicKey } from "./parse-ssh-public-key";

/**
 * Who manages SSH keys: the account (keys are the account's), the user adding one, and the
 * request's project. Projects scope keys for management only: at (re)install a server still
 * receives every key of the account.
 */
export interface SshKeyActor {
  accountId: string;
  userId: string | null;
  scopedProjectId?: string | null;
  /** The request's project is the default one, which also holds keys assigned to no project. */
  scopedProjectIsDefault?: boolean;
  bound?: boolean;
}

/** The context every SSH key function takes first (lib/db/domain-context.ts). */
export type SshKeyContext<D extends DbOrTx = DbOrTx> = DomainContext<SshKeyActor, D>;

export interface SshKeyRecord {
  id: string;
  name: string;
  type: string;
  fingerprint: string;
  public_key: string;
  project: { id: string; slug: string; name: string };
  created_at: string;
}

export const SSH_KEY_NOT_FOUND = "SSH key not found";

function scopeWhere(actor: SshKeyActor): Prisma.SshKeyWhereInput {
  if (!actor.scopedProjectId) return { accountId: actor.accountId };
  return actor.scopedProjectIsDefault
    ? { accountId: actor.accountId, OR: [{ projectId: actor.scopedProjectId }, { projectId: null }] }
    : { accountId: actor.accountId, projectId: actor.scopedProjectId };
}

type Row = Prisma.SshKeyGetPayload<{ include: { project: { select: { id: true; slug: true; name: true } } } }>;

async function records(db: DbOrTx, accountId: string, rows: Row[]): Promise<SshKeyRecord[]> {
  const fallback = rows.some((r) => !r.project) ? await defaultProjectOf(db, accountId) : null;
  return rows.map((r) => {
    const p = r.project ?? fallback!;
    return { id: r.id, name: r.name, type: r.type, fingerprint: r.fingerprint, public_key: r.publicKey, project: { id: p.id, slug: p.slug, name: p.name }, created_at: r.createdAt.toISOString() };
  });
}

const INCLUDE = { project: { select: { id: true, slug: true, name: true } } } as const;

/** The account's SSH keys (the request's project only, when narrowed), by name. */
export async function listSshKeys({ db, actor }: SshKeyContext): Promise<SshKeyRecord[]> {
  const rows = await db.sshKey.findMany({ where: scopeWhere(actor), include: INCLUDE, orderBy: [{ name: "asc" }, { createdAt: "asc" }, { id: "asc" }] });
  return records(db, actor.accountId, rows);
}

export interface CreateSshKeyInput {
  /** Defaults to the key's comment, else `key-<fingerprint start>`. */
  name?: string | null;
  publicKey: string;
  /** Id or slug; defaults to the request's project, else the default project. */
  projectId?: string | null;
}

/**
 * Saves an OpenSSH public key (validated, fingerprinted). Refused with 409: the same key already
 * saved on the account (one fingerprint per account, whatever the project), or a key of the same
 * name in the same project (names are per project). 400 for a malformed key or unknown project;
 * 403 PROJECT_SCOPE_MISMATCH when a bound key names another project.
 */
export async function createSshKey({ db, actor }: SshKeyContext<Db>, input: CreateSshKeyInput): Promise<SshKeyRecord> {
  const parsed = parseSshPublicKey(input.publicKey);
  const name = (input.name?.trim() || parsed.comment || `key-${parsed.fingerprint.slice(7, 15)}`).slice(0, 100);

  let project;
  const ref = input.projectId?.trim();
  if (ref) {
    project = await findProjectByRef(db, actor.accountId, ref);
    if (!project) throw new DomainError("invalid", `Unknown project: ${ref}`, { code: "UNKNOWN_PROJECT", details: [{ field: "projectId", message: "No project of this account has that id or slug" }] });
    if (actor.bound && project.id !== actor.scopedProjectId) throw new DomainError("forbidden", "This API key is bound to another project", { code: "PROJECT_SCOPE_MISMATCH" });
  } else {
    project = actor.scopedProjectId ? await db.project.findUniqueOrThrow({ where: { id: actor.scopedProjectId } }) : await defaultProjectOf(db, actor.accountId);
  }
  const projectId = project.id;
  const inProject = project.isDefault ? { OR: [{ projectId }, { projectId: null }] } : { projectId };

  const row = await db.$transaction(async (tx) => {
    // One writer per account at a time, so two identical keys sent together cannot both be saved.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ssh-keys:${actor.accountId}`}, 0))`;
    const same = await tx.sshKey.findFirst({ where: { accountId: actor.accountId, fingerprint: parsed.fingerprint }, select: { name: true } });
    if (same) {
      throw new DomainError("conflict", `This SSH key is already saved on the account (as "${same.name}")`, { details: [{ field: "publicKey", message: "Duplicate key" }] });
    }
    if (await tx.sshKey.findFirst({ where: { accountId: actor.accountId, name, ...inProject }, select: { id: true } })) {
      throw new DomainError("conflict", `An SSH key named "${name}" already exists in this project`, { details: [{ field: "name", message: "Names are unique per project" }] });
    }
    return tx.sshKey.create({
      data: { accountId: actor.accountId, userId: actor.userId, projectId, name, publicKey: parsed.publicKey, fingerprint: parsed.fingerprint, type: parsed.type },
      include: INCLUDE,
    });
  });
  return (await records(db, actor.accountId, [row]))[0]!;
}

/** Removes a saved key (servers already built keep it in their authorized_keys). Not yours or outside the project: 404. */
export async function deleteSshKey({ db, actor }: SshKeyContext, { id }: { id: string }): Promise<{ id: string; deleted: true }> {
  const key = isUuid(id) ? await db.sshKey.findFirst({ where: { AND: [{ id }, scopeWhere(actor)] }, select: { id: true } }) : null;
  if (!key) throw new DomainError("not_found", SSH_KEY_NOT_FOUND);
  await db.sshKey.delete({ where: { id: key.id } });
  return { id: key.id, deleted: true };
}

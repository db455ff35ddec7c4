import type { DbOrTx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors/domain-error";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { assertControlAllowed } from "../service-rules";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { parseSshPublicKey } from "./parse-ssh-public-key";

export const SSH_KEYS_DEDICATED_ONLY = "SSH keys are managed here for dedicated servers only";
export const SSH_KEY_NOT_FOUND = "SSH key not found";
export const SSH_KEY_ALREADY_ATTACHED = "This key is already attached to the service";

/** the reseller API spec "Other records": SSH key. */
export interface ServiceSshKeyRow {
  id: string;
  name: string;
  fingerprint: string;
  type: string;
  /** Installed on the service's next reinstall. */
  attached: boolean;
}

function dedicatedOnly(service: ScopedService): void {
  if (service.product.kind !== "dedicated") throw new DomainError("invalid", SSH_KEYS_DEDICATED_ONLY);
}

/**
 * The keys a reinstall can install on one of the actor's servers (404 outside the scope): the
 * account's keys (attached or not; `id` is the account key's) and keys given for this service only
 * (always attached; `id` is the attachment's).
 */
export async function listServiceSshKeys(ctx: ServiceContext, input: { serviceId: string }): Promise<ServiceSshKeyRow[]> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  dedicatedOnly(service);
  const [accountKeys, attached] = await Promise.all([
    ctx.db.sshKey.findMany({ where: { accountId: service.accountId }, orderBy: { createdAt: "asc" } }),
    ctx.db.serviceSshKey.findMany({ where: { serviceId: service.id }, orderBy: { createdAt: "asc" } }),
  ]);
  const attachedAccountKeys = new Set(attached.map((a) => a.sshKeyId).filter(Boolean));
  return [
    ...accountKeys.map((k) => ({ id: k.id, name: k.name, fingerprint: k.fingerprint, type: k.type, attached: attachedAccountKeys.has(k.id) })),
    ...attached.filter((a) => !a.sshKeyId).map((a) => ({ id: a.id, name: a.name, fingerprint: a.fingerprint, type: a.type, attached: true })),
  ];
}

/** Attaches one of the account's keys (`sshKeyId`) or a key given here (`publicKey`, `name`) to one of the actor's servers (404 outside the scope). */
export async function attachServiceSshKey(
  ctx: ServiceContext,
  input: { serviceId: string } & ({ sshKeyId: string } | { publicKey: string; name: string }),
): Promise<ServiceSshKeyRow> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  dedicatedOnly(service);
  assertControlAllowed(service.status, "ssh_keys");
  let data: Prisma.ServiceSshKeyUncheckedCreateInput;
  if ("sshKeyId" in input) {
    const key = await ctx.db.sshKey.findFirst({ where: { id: input.sshKeyId, accountId: service.accountId } });
    if (!key) throw new DomainError("not_found", SSH_KEY_NOT_FOUND);
    data = { serviceId: service.id, sshKeyId: key.id, name: key.name, publicKey: key.publicKey, fingerprint: key.fingerprint, type: key.type };
  } else {
    const parsed = parseSshPublicKey(input.publicKey);
    data = { serviceId: service.id, name: input.name, ...parsed };
  }
  try {
    const row = await ctx.db.serviceSshKey.create({ data });
    return { id: row.sshKeyId ?? row.id, name: row.name, fingerprint: row.fingerprint, type: row.type, attached: true };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new DomainError("conflict", SSH_KEY_ALREADY_ATTACHED);
    throw error;
  }
}

/** Detaches a key from one of the actor's servers by the id the list shows (404 outside the scope, or when it is not attached to this service). */
export async function detachServiceSshKey(ctx: ServiceContext, input: { serviceId: string; keyId: string }): Promise<{ id: string; attached: false }> {
  const { keyId } = input;
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  dedicatedOnly(service);
  assertControlAllowed(service.status, "ssh_keys");
  const { count } = await ctx.db.serviceSshKey.deleteMany({ where: { serviceId: service.id, OR: [{ id: keyId }, { sshKeyId: keyId }] } });
  if (count === 0) throw new DomainError("not_found", SSH_KEY_NOT_FOUND);
  return { id: keyId, attached: false };
}

/** Public keys attached to the service only (added to the account's at reinstall). */
export async function attachedPublicKeys(db: DbOrTx, serviceId: string): Promise<string[]> {
  return (await db.serviceSshKey.findMany({ where: { serviceId }, orderBy: { createdAt: "asc" }, select: { publicKey: true } })).map((k) => k.publicKey);
}

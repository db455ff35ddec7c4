import { z } from "zod";
import { createSshKey, deleteSshKey, listSshKeys, type SshKeyActor } from "@/lib/accounts/account-ssh-keys";
import { reply } from "../../../reply";
import type { CustomerAuth } from "../../customer-auth";
import { defineEndpoint } from "../../define-endpoint";
import { projectRefSchema } from "../projects/project-schemas";

const sshKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  fingerprint: z.string(),
  public_key: z.string(),
  project: projectRefSchema,
  created_at: z.string(),
});

const actorOf = (auth: CustomerAuth): SshKeyActor => ({
  accountId: auth.accountId,
  userId: auth.user.id,
  scopedProjectId: auth.project?.id ?? null,
  scopedProjectIsDefault: auth.project?.slug === "default",
  bound: auth.boundProject !== null,
});

export const listSshKeysEndpoint = defineEndpoint({
  method: "GET",
  path: "/ssh-keys",
  scope: "read",
  access: "sshKeys:view",
  tag: "ssh-keys",
  summary: "List the account's SSH keys",
  description:
    "`data` is the array, by name. Projects scope keys for management only: at (re)install a server receives every key of the account. " +
    "Ids go into `configOptions.ssh_key_ids[]` of `POST /orders`.",
  response: z.array(sshKeySchema),
  async handler({ auth, db, now }) {
    return listSshKeys({ db, now, actor: actorOf(auth) });
  },
});

export const createSshKeyEndpoint = defineEndpoint({
  method: "POST",
  path: "/ssh-keys",
  scope: "services",
  access: "sshKeys:manage",
  tag: "ssh-keys",
  status: 201,
  summary: "Save an SSH public key",
  description:
    "`{name?, publicKey, projectId?}` (`public_key` accepted too). One OpenSSH public key line: ssh-ed25519, ssh-rsa (2048 bits or more), " +
    "ecdsa-sha2-nistp256/384/521 or the sk- variants; anything else 400. `fingerprint` is `SHA256:…` as `ssh-keygen -l` prints it. " +
    "409 when the same key is already saved on the account, or a key of that name exists in the project (names are per project). " +
    "`projectId` (id or slug) defaults to the request's project, else the default one; a bound key naming another project 403 PROJECT_SCOPE_MISMATCH.",
  body: z
    .object({
      name: z.string().trim().max(100, "At most 100 characters").nullable().optional(),
      publicKey: z.string().max(16_384).optional(),
      public_key: z.string().max(16_384).optional(),
      projectId: z.string().trim().max(100).nullable().optional(),
    })
    .refine((b) => (b.publicKey ?? b.public_key) !== undefined, { message: "publicKey is required", path: ["publicKey"] }),
  response: sshKeySchema,
  async handler({ auth, db, now, body }) {
    const key = await createSshKey({ db, now, actor: actorOf(auth) }, { name: body.name, publicKey: (body.publicKey ?? body.public_key)!, projectId: body.projectId });
    return reply(key, { status: 201, message: "SSH key saved" });
  },
});

export const deleteSshKeyEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/ssh-keys/{id}",
  scope: "services",
  access: "sshKeys:manage",
  tag: "ssh-keys",
  summary: "Delete a saved SSH key",
  description: "Servers already built keep the key; it is no longer installed at the next (re)install.",
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler({ auth, db, now, params }) {
    return reply(await deleteSshKey({ db, now, actor: actorOf(auth) }, { id: params.id }), { message: "SSH key deleted" });
  },
});

import { uuidSchema } from "@/lib/schemas/uuid";
import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";
import { attachServiceSshKey, detachServiceSshKey, listServiceSshKeys } from "@/lib/services/dedicated/service-ssh-keys";
import { serviceInScopeOrThrow } from "@/lib/services/service-context";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

const keyRow = z.object({ id: z.string(), name: z.string(), fingerprint: z.string(), type: z.string(), attached: z.boolean() });

export const listServiceSshKeysEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/ssh-keys",
  scope: "read",
  summary: "SSH keys for the server's next reinstall (dedicated)",
  description: "The account's keys (`attached` when attached to this server) and keys added for this server only. Attached keys are installed on the next reinstall. Dedicated only (400).",
  response: z.array(keyRow),
  async handler({ auth, db, now, params }) {
    return listServiceSshKeys(resellerServiceContext(auth, db, now), { serviceId: params.serviceId });
  },
});

export const attachServiceSshKeyEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/ssh-keys",
  scope: "services",
  signed: true,
  summary: "Attach an SSH key to the server",
  description: "`{sshKeyId}` (one of the account's keys, else 404) or `{publicKey, name}` (an OpenSSH public key, else 400). The same key twice → 409. 201.",
  status: 201,
  body: z.object({
    sshKeyId: uuidSchema.optional(),
    publicKey: z.string().max(16_384).optional(),
    name: z.string().min(1).max(100).optional(),
  }),
  response: keyRow,
  async handler({ auth, db, now, params, body }) {
    const ctx = resellerServiceContext(auth, db, now);
    let key: { sshKeyId: string } | { publicKey: string; name: string };
    if (body.sshKeyId) key = { sshKeyId: body.sshKeyId };
    else if (body.publicKey && body.name) key = { publicKey: body.publicKey, name: body.name };
    else {
      // An unknown service answers 404 before the body's 400, as when the handler looked it up first.
      await serviceInScopeOrThrow(ctx, params.serviceId);
      throw new DomainError("invalid", "Send sshKeyId, or publicKey and name", { details: [{ field: body.publicKey ? "name" : "sshKeyId", message: "Required" }] });
    }
    return reply(await attachServiceSshKey(ctx, { ...key, serviceId: params.serviceId }), { message: "SSH key attached; it is installed on the next reinstall" });
  },
});

export const detachServiceSshKeyEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/services/{serviceId}/ssh-keys/{keyId}",
  scope: "services",
  signed: true,
  summary: "Detach an SSH key from the server",
  description: "`keyId` as listed. 404 when it is not attached to this server.",
  response: z.object({ id: z.string(), attached: z.literal(false) }),
  async handler({ auth, db, now, params }) {
    return reply(await detachServiceSshKey(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, keyId: params.keyId }), { message: "SSH key detached" });
  },
});

import { z } from "zod";
import { createConsoleCast, listConsoleCasts, revokeConsoleCast } from "@/lib/services/console/console-casts";
import { CAST_OPEN_TTL, CAST_VIEWER_TTL } from "@/lib/services/console/console-lifetimes";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

export const consoleCastSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  url: z.string().nullable().describe("The link (a credential): only in the answer that created it, null in listings"),
  ticket: z.string().nullable().describe("The secret inside `url`: only at creation"),
  label: z.string(),
  viewOnly: z.boolean(),
  status: z.enum(["pending", "open", "expired", "revoked"]),
  openExpiresAt: z.string(),
  viewerTtlSeconds: z.number().int(),
  viewerExpiresAt: z.string().nullable(),
  firstOpenedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  openCount: z.number().int(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

const seconds = (range: { min: number; max: number }) => z.number().int().min(range.min).max(range.max).optional();

export const createConsoleCastEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/console-cast",
  scope: "services",
  signed: true,
  summary: "Create a console-cast link",
  description:
    `Body \`{label?, viewOnly?, openTtlSeconds?, viewerTtlSeconds?}\`: \`label\` defaults to the hostname; \`openTtlSeconds\` (deadline for the first open) ` +
    `default ${CAST_OPEN_TTL.default}, ${CAST_OPEN_TTL.min}-${CAST_OPEN_TTL.max}; \`viewerTtlSeconds\` (the viewing window from the first open) default ` +
    `${CAST_VIEWER_TTL.default}, ${CAST_VIEWER_TTL.min}-${CAST_VIEWER_TTL.max}. Whatever the machine's power state: the viewer waits for a display. ` +
    "`url` and `ticket` are shown once. 400 for anything not a VPS or dedicated server; 403 suspended, terminated or console switched off; " +
    "400 `viewOnly: true` for a VPS on a shared cluster. Each open of the link mints a fresh console session, audited with role `cast`.",
  body: z
    .object({
      label: z.string().max(100).nullable().optional(),
      viewOnly: z.boolean().optional(),
      openTtlSeconds: seconds(CAST_OPEN_TTL),
      viewerTtlSeconds: seconds(CAST_VIEWER_TTL),
    })
    .optional(),
  response: consoleCastSchema,
  async handler({ auth, db, now, params, body }) {
    const cast = await createConsoleCast(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, ...body });
    return reply(cast, { message: "Console link created; the URL is shown only now" });
  },
});

export const listConsoleCastsEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/console-cast",
  scope: "services",
  signed: false,
  summary: "The service's live console-cast links",
  description: "Links still pending or open, newest first, without URLs (`url` and `ticket` null). Expired and revoked links are not listed.",
  response: z.array(consoleCastSchema),
  async handler({ auth, db, now, params }) {
    return listConsoleCasts(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, include: "live" });
  },
});

export const revokeConsoleCastEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/services/{serviceId}/console-cast/{castId}",
  scope: "services",
  signed: true,
  summary: "Revoke a console-cast link",
  description: "Idempotent: revoking a revoked link answers it again. The link stops opening at once and its open viewers are closed within seconds. 404 for a link not on this service.",
  response: consoleCastSchema,
  async handler({ auth, db, now, params }) {
    return reply(await revokeConsoleCast(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, castId: params.castId }), { message: "Console link revoked" });
  },
});

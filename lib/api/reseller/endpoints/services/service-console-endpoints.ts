import { z } from "zod";
import { consoleDocument } from "@/lib/services/console/console-document";
import { createConsoleSession } from "@/lib/services/console/create-console-session";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "./reseller-service-scope";

export const consoleSessionSchema = z.object({
  kind: z.enum(["vps", "dedicated"]),
  sessionId: z.string(),
  token: z.string().describe("One-shot: dial `origin + wsPath + ?token=` once, before `expiresAt`"),
  wsPath: z.string(),
  origin: z.string().describe("The supplier's origin; the websocket lives there"),
  viewerKind: z.enum(["novnc", "kvm"]),
  channel: z.enum(["rfb", "serial"]),
  viewOnly: z.boolean(),
  rfbPassword: z.string().nullable().describe("The VNC password the console asks for (null on the serial channel)"),
  expiresAt: z.string(),
});

const vpsConsole = consoleSessionSchema.extend({ kind: z.literal("vps"), type: z.literal("novnc"), mode: z.literal("browser"), websocketUrl: z.string() });
const dedicatedConsole = consoleSessionSchema.extend({
  kind: z.literal("dedicated"),
  type: z.literal("kvm"),
  available: z.literal(true),
  launch_endpoint: z.string().describe("The websocket URL a KVM viewer dials (RFB over websocket)"),
  agent_online: z.literal(true),
  websocketUrl: z.string(),
});
const dedicatedUnavailable = z.object({
  kind: z.literal("dedicated"),
  type: z.literal("kvm"),
  available: z.literal(false),
  launch_endpoint: z.null(),
  agent_online: z.boolean(),
  reason: z.string(),
  viewerKind: z.literal("kvm"),
  origin: z.string(),
});

export const getServiceConsoleEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/console",
  scope: "services",
  signed: false,
  summary: "Open the service's console (backend shape)",
  description:
    "Mints a one-shot console session. Native VPS: `type: novnc`, `mode: browser`, `websocketUrl` (`wss://<supplier>/api/console/ws/<sessionId>?token=<token>`). " +
    "Dedicated: `type: kvm`, `available`, `launch_endpoint` (the websocket URL), `agent_online`; when the controller shows no console now, 200 with " +
    "`available: false` and `reason` and no session. No backend → 400; suspended or terminated → 403; console switched off for the product → 403; " +
    "dedicated without a management controller → 400; VM stopped or without a display yet → 409. The token must be dialled within 5 minutes, once.",
  response: z.union([vpsConsole, dedicatedConsole, dedicatedUnavailable]),
  async handler({ auth, db, now, params }) {
    return consoleDocument(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, role: "reseller" });
  },
});

export const createConsoleSessionEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/console-session",
  scope: "services",
  signed: true,
  summary: "Create a one-shot console session",
  description:
    "Body optional: `{channel?: rfb|serial, viewOnly?}` (`serial`, the text console for xterm, is VPS only: 400 on a dedicated server). " +
    "Refusals as `GET /services/{id}/console`; a dedicated server without a console now is 409 here. " +
    "Dial `origin + wsPath + ?token=` once before `expiresAt` (5 minutes); the stream closes after 8 hours at most, or when the service is suspended or terminated.",
  body: z.object({ channel: z.enum(["rfb", "serial"]).optional(), viewOnly: z.boolean().optional() }).optional(),
  response: consoleSessionSchema,
  async handler({ auth, db, now, params, body }) {
    const session = await createConsoleSession(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, role: "reseller", channel: body?.channel, viewOnly: body?.viewOnly });
    return reply(session, { message: "Console session created" });
  },
});

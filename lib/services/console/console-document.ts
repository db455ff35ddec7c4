import { findAccountResellerId } from "../find-account-reseller";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { publicOrigin } from "@/lib/platform/public-origin";
import { consoleAvailability } from "./console-availability";
import type { ConsoleDocument } from "./console-documents";
import { consoleWebsocketUrl, mintConsoleSession } from "./mint-console-session";

/**
 * `GET /services/{id}/console`: mints a session and answers the backend's shape. Native VPS adds
 * `type: novnc`, `mode: browser` and `websocketUrl`; a VPS without a display is 409. A dedicated
 * server adds `type: kvm`, `available`, `launch_endpoint` (the websocket URL a KVM viewer dials) and
 * `agent_online`; when its controller shows no console now it is 200 with `available: false` and
 * `reason`, and no session (docs/decisions.md#r17).
 */
export async function consoleDocument(ctx: ServiceContext, input: { serviceId: string; role?: "customer" | "reseller" }): Promise<ConsoleDocument> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const availability = await consoleAvailability(ctx, service);
  if (!availability.available) {
    if (availability.backend === "vps") throw availability.refusal;
    return { kind: "dedicated", type: "kvm", available: false, launch_endpoint: null, agent_online: true, reason: availability.reason, viewerKind: "kvm", origin: publicOrigin() };
  }
  const role = input.role ?? "reseller";
  const session = await mintConsoleSession(ctx.db, {
    serviceId: service.id,
    backend: availability.backend,
    channel: "rfb",
    role,
    viewOnly: false,
    accountId: service.accountId,
    resellerId: role === "reseller" ? await findAccountResellerId(ctx.db, service.accountId) : null,
    now: ctx.now,
  });
  const websocketUrl = consoleWebsocketUrl(session);
  if (availability.backend === "vps") return { ...session, kind: "vps", type: "novnc", mode: "browser", websocketUrl };
  return { ...session, kind: "dedicated", type: "kvm", available: true, launch_endpoint: websocketUrl, agent_online: true, websocketUrl };
}

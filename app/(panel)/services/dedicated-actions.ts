"use server";

import { getDb } from "@/lib/db/client";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { dedicatedDocument, type DedicatedDoc } from "@/lib/services/dedicated/dedicated-document";
import { rescueService, unrescueService } from "@/lib/services/dedicated/rescue-service";
import { attachServiceSshKey, detachServiceSshKey, listServiceSshKeys, type ServiceSshKeyRow } from "@/lib/services/dedicated/service-ssh-keys";
import { serviceNetwork, type NetworkSection } from "@/lib/services/document/service-network";
import { serviceContext } from "@/lib/services/service-context";
import { changeServicePower } from "@/lib/services/lifecycle/change-service-power";
import { reinstallService } from "@/lib/services/lifecycle/reinstall-service";
import type { PowerVerb } from "@/lib/services/service-controls";
import { access, cooled } from "./panel-access";

// The panel's dedicated server page calls these; each runs the same lib/services function as the
// customer and reseller APIs, with the signed-in member's account permissions.

export interface DedicatedView {
  server: DedicatedDoc;
  network: NetworkSection;
  sshKeys: ServiceSshKeyRow[];
}

const VERBS = new Set<PowerVerb>(["start", "stop", "restart"]);
const DONE: Record<PowerVerb, string> = { start: "Powering the server on", stop: "Powering the server off", restart: "Restarting the server" };

/** The service operations' context for this page: the member's scope, narrowed to dedicated servers. */
const dedicatedContext = (scope: Awaited<ReturnType<typeof access>>["scope"]) => serviceContext({ db: getDb(), actor: { ...scope, kind: "dedicated" } });

const LOG = { log: "[panel] dedicated server action failed" };
const run = (fn: () => Promise<string>) => runAction(fn, LOG);

/** The server as the page shows it; advances its running jobs first, so polling this shows progress. */
export async function getDedicatedAction(serviceId: string): Promise<DedicatedView | null> {
  const a = await access();
  if (!a.canView) return null;
  const ctx = dedicatedContext(a.scope);
  // The document is the tenant check: another account's id, or not a dedicated server, shows nothing.
  const server = await dedicatedDocument(ctx, { serviceId, detail: true }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  });
  if (!server) return null;
  const [network, sshKeys] = await Promise.all([serviceNetwork(ctx, { serviceId }), listServiceSshKeys(ctx, { serviceId })]);
  return { server, network, sshKeys };
}

export async function powerDedicatedAction(serviceId: string, verb: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canPower) throw new DomainError("forbidden", "Power actions need the services.power permission on this account");
    if (!VERBS.has(verb as PowerVerb)) throw new DomainError("invalid", "Unknown power action");
    const ctx = dedicatedContext(a.scope);
    const outcome = await cooled("power", a.userId, serviceId, () => changeServicePower(ctx, { serviceId, action: verb as PowerVerb }));
    return outcome.job.state === "succeeded" ? "The server was already in that state" : `${DONE[verb as PowerVerb]}…`;
  });
}

/** `confirm`: the name typed in the reinstall dialog, checked again by the domain. */
export async function reinstallDedicatedAction(serviceId: string, imageId: string, password: string, confirm: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Reinstalling needs the services.manage permission on this account");
    const ctx = dedicatedContext(a.scope);
    await cooled("reinstall", a.userId, serviceId, () => reinstallService(ctx, { serviceId, osImageId: imageId, password: password || null, confirm }));
    return "Reinstall started: the server is being rebuilt";
  });
}

/** `secret`: the rescue system's root password, shown once by the page. */
export async function rescueDedicatedAction(serviceId: string): Promise<ActionResult<{ secret: string }>> {
  return runAction(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Rescue mode needs the services.manage permission on this account");
    const { password } = await rescueService(dedicatedContext(a.scope), { serviceId });
    return { data: { secret: password }, message: "Booting the rescue system…" };
  }, LOG);
}

export async function unrescueDedicatedAction(serviceId: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "Rescue mode needs the services.manage permission on this account");
    await unrescueService(dedicatedContext(a.scope), { serviceId });
    return "Rebooting into the installed system…";
  });
}

export async function attachSshKeyAction(serviceId: string, input: { sshKeyId: string } | { publicKey: string; name: string }): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "SSH keys need the services.manage permission on this account");
    const row = await attachServiceSshKey(dedicatedContext(a.scope), { ...input, serviceId });
    return `Key ${row.name} attached; it is installed on the next reinstall`;
  });
}

export async function detachSshKeyAction(serviceId: string, keyId: string): Promise<ActionResult> {
  return run(async () => {
    const a = await access({ change: true });
    if (!a.canManage) throw new DomainError("forbidden", "SSH keys need the services.manage permission on this account");
    await detachServiceSshKey(dedicatedContext(a.scope), { serviceId, keyId });
    return "Key detached";
  });
}

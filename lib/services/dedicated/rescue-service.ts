import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import { NO_REMOTE_CONTROLS } from "../lifecycle/change-service-power";
import { serviceMachineOrThrow } from "../lifecycle/service-machine-or-throw";
import { backendOf } from "../service-controls";
import { assertControlAllowed } from "../service-rules";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { generatePassword } from "./generate-password";

export const RESCUE_NOT_OFFERED = "Rescue mode is not available for this server";
export const RESCUE_NOT_SETTLED = "Rescue needs a settled server; wait until the current install or power action has finished";
export const ALREADY_IN_RESCUE = "The server is already in rescue mode";
export const NOT_IN_RESCUE = "The server is not in rescue mode";

/**
 * Boots the rescue environment of one of the actor's services (reseller `POST /services/{id}/rescue`):
 * in scope (404), backend present (400), billing state (403), the driver offers rescue (403), machine
 * built (404/409), settled — installed, nothing running, not already in rescue (409). Answers the
 * job and a one-time root password for the rescue system, returned once and stored only as a hash by
 * the driver.
 */
export async function rescueService(ctx: ServiceContext, input: { serviceId: string }): Promise<{ job: BackendJobView; password: string }> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const backend = backendOf(service.product);
  if (!backend) throw new DomainError("invalid", NO_REMOTE_CONTROLS);
  assertControlAllowed(service.status, "rescue");
  const machine = await serviceMachineOrThrow(ctx.db, service);
  const password = generatePassword();
  try {
    if (machine.kind === "dedicated") {
      const bmc = await bmcForServer(machine.server.id, ctx);
      if (!bmc.capabilities.rescue) throw new DomainError("forbidden", RESCUE_NOT_OFFERED);
      if (machine.server.provisionState === "rescue") throw new DomainError("conflict", ALREADY_IN_RESCUE);
      if (machine.server.provisionState !== "active" || machine.server.provisionJobId || machine.server.powerJobId) throw new DomainError("conflict", RESCUE_NOT_SETTLED);
      return { job: await bmc.rescue(machine.server.id, { password }), password };
    }
    const hv = await hypervisorForVm(machine.vm.id, ctx);
    if (!hv.capabilities.rescue) throw new DomainError("forbidden", RESCUE_NOT_OFFERED);
    if (machine.vm.rescueMode) throw new DomainError("conflict", ALREADY_IN_RESCUE);
    if (machine.vm.diskJobId || machine.vm.powerJobId) throw new DomainError("conflict", RESCUE_NOT_SETTLED);
    return { job: await hv.rescue(machine.vm.id, { password }), password };
  } catch (error) {
    throw backendRefusal(error);
  }
}

/** Reboots one of the actor's services into the installed system (reseller `POST /services/{id}/unrescue`); 404 outside the scope, 409 when not in rescue. */
export async function unrescueService(ctx: ServiceContext, input: { serviceId: string }): Promise<BackendJobView> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const backend = backendOf(service.product);
  if (!backend) throw new DomainError("invalid", NO_REMOTE_CONTROLS);
  assertControlAllowed(service.status, "rescue");
  const machine = await serviceMachineOrThrow(ctx.db, service);
  try {
    if (machine.kind === "dedicated") {
      if (machine.server.provisionState !== "rescue") throw new DomainError("conflict", NOT_IN_RESCUE);
      return await (await bmcForServer(machine.server.id, ctx)).unrescue(machine.server.id);
    }
    if (!machine.vm.rescueMode) throw new DomainError("conflict", NOT_IN_RESCUE);
    return await (await hypervisorForVm(machine.vm.id, ctx)).unrescue(machine.vm.id);
  } catch (error) {
    throw backendRefusal(error);
  }
}

import { assertServiceControl } from "../assert-service-control";
import type { BackendContext } from "@/lib/backends/context";
import type { DedicatedPowerAction } from "@/lib/backends/bmc-driver";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import { type PowerVerb } from "../service-controls";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { serviceMachineOrThrow } from "./service-machine-or-throw";

export { NO_REMOTE_CONTROLS } from "../assert-service-control";

export type MachinePowerOutcome =
  | { backend: "vps"; action: PowerVerb; job: BackendJobView; vmState: string }
  | { backend: "dedicated"; action: PowerVerb; job: BackendJobView; alreadyInState: boolean };

/** The accepted job, and the service's status when it was accepted. */
export type PowerOutcome = MachinePowerOutcome & { serviceStatus: ServiceStatus };

const DEDICATED_ACTION: Record<PowerVerb, DedicatedPowerAction> = { start: "on", stop: "off", restart: "restart" };

/**
 * A power action on one of the actor's services (404 outside its scope), in the spec's order: backend
 * present (400), billing state (403: suspended refuses start, terminated refuses all), product switch
 * (403 naming the allowed verbs), machine present and built (404/409), then the driver (its refusals
 * mapped). Returns the accepted job; the action runs asynchronously.
 */
export async function changeServicePower(ctx: ServiceContext, input: { serviceId: string; action: PowerVerb }): Promise<PowerOutcome> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  return { ...(await powerServiceMachine(ctx, service, input.action)), serviceStatus: service.status };
}

/** `changeServicePower` after the tenant check, for operations that already hold the service. */
export async function powerServiceMachine(ctx: BackendContext, service: ScopedService, action: PowerVerb): Promise<MachinePowerOutcome> {
  assertServiceControl(service, action);
  const machine = await serviceMachineOrThrow(ctx.db, service);
  try {
    if (machine.kind === "vps") {
      const hv = await hypervisorForVm(machine.vm.id, ctx);
      const job = await hv.power(machine.vm.id, action);
      const vm = await ctx.db.virtualMachine.findUniqueOrThrow({ where: { id: machine.vm.id }, select: { state: true } });
      return { backend: "vps", action, job, vmState: vm.state };
    }
    const bmc = await bmcForServer(machine.server.id, ctx);
    if (bmc.capabilities.powerActions.length === 0) throw new DomainError("invalid", "This server has no management controller");
    const job = await bmc.power(machine.server.id, DEDICATED_ACTION[action]);
    if (job.state === "failed") throw new DomainError("provider_failed", "The management controller did not complete the power action", { code: "PROVIDER_ERROR" });
    return { backend: "dedicated", action, job, alreadyInState: job.result?.alreadyInState === true };
  } catch (error) {
    throw backendRefusal(error, { dedicatedPower: machine.kind === "dedicated" });
  }
}

import type { BackendContext } from "@/lib/backends/context";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import { DomainError } from "@/lib/errors/domain-error";
import type { Product, ServiceStatus } from "@/lib/generated/prisma/client";
import { assertServiceControl } from "../assert-service-control";
import { backendRefusal } from "../backend-refusal";
import { findServiceMachine, type ServiceMachine } from "../find-service-machine";
import { CONSOLE_NO_DISPLAY, CONSOLE_VM_STOPPED, NO_MANAGEMENT_CONTROLLER } from "../service-rules";

export interface ConsoleServiceRow {
  id: string;
  status: ServiceStatus;
  product: Pick<Product, "kind" | "specs" | "snapshotLimit">;
}

export type ConsoleAvailability =
  | { backend: "vps" | "dedicated"; available: true; machine: ServiceMachine }
  /** `refusal` is the 409 a session request answers; `reason` what a dedicated console document says. */
  | { backend: "vps" | "dedicated"; available: false; refusal: DomainError; reason: string };

/**
 * Whether the service's console can be opened now, in the spec's order: no backend 400, billing
 * state 403 (suspended and terminated refuse the console), product switch 403, then a dedicated
 * server whose controller has no console 400, then no display 409 (a VPS stopped, or no machine
 * yet, or one still being built). Throws the first four; returns the last so that a dedicated
 * console document can answer `available: false`.
 */
export async function consoleAvailability(ctx: BackendContext, service: ConsoleServiceRow): Promise<ConsoleAvailability> {
  const backend = assertServiceControl(service, "console");
  const machine = await findServiceMachine(ctx.db, service.id);
  const noDisplay = (reason = CONSOLE_NO_DISPLAY) => ({ backend, available: false as const, refusal: new DomainError("conflict", reason), reason });
  try {
    if (backend === "dedicated") {
      if (machine?.kind !== "dedicated") return noDisplay();
      const bmc = await bmcForServer(machine.server.id, ctx);
      if (bmc.capabilities.console === null) throw new DomainError("invalid", NO_MANAGEMENT_CONTROLLER);
      const endpoint = await bmc.consoleEndpoint(machine.server.id);
      return endpoint.available ? { backend, available: true, machine } : noDisplay();
    }
    const building = service.status === "pending" || service.status === "installing";
    if (machine?.kind !== "vps" || building || machine.vm.state === "creating") return noDisplay();
    const endpoint = await (await hypervisorForVm(machine.vm.id, ctx)).consoleEndpoint(machine.vm.id);
    if (endpoint.available) return { backend, available: true, machine };
    // The driver caught the machine up to now: its state says whether it is off or not defined yet.
    const vm = await ctx.db.virtualMachine.findUnique({ where: { id: machine.vm.id }, select: { state: true } });
    return noDisplay(vm?.state === "stopped" || vm?.state === "error" ? CONSOLE_VM_STOPPED : CONSOLE_NO_DISPLAY);
  } catch (error) {
    throw backendRefusal(error);
  }
}

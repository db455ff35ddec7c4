import type { BackendContext } from "@/lib/backends/context";
import { hypervisorForVm } from "@/lib/backends/registry";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import { backendOf, productControls } from "../service-controls";
import { assertControlAllowed } from "../service-rules";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { serviceMachineOrThrow } from "./service-machine-or-throw";
import { NO_REMOTE_CONTROLS } from "./change-service-power";

export const VPS_NOT_RUNNING = "The VPS is not running";

/**
 * Sets the root password through the guest agent (native VPS). The machine must be running (409).
 * Dedicated password resets rebuild the server and are not offered here yet (400).
 */
export async function resetServicePassword(ctx: BackendContext, service: ScopedService, password: string): Promise<BackendJobView> {
  const backend = backendOf(service.product);
  if (!backend) throw new DomainError("invalid", NO_REMOTE_CONTROLS);
  assertControlAllowed(service.status, "password");
  if (backend === "dedicated") throw new DomainError("invalid", "Password reset on a dedicated server rebuilds it: use reinstall");
  if (!productControls(service.product).password) throw new DomainError("forbidden", "Password reset is switched off for this product");
  const machine = await serviceMachineOrThrow(ctx.db, service);
  if (machine.kind !== "vps") throw new DomainError("invalid", NO_REMOTE_CONTROLS);
  if (machine.vm.state !== "running" || machine.vm.rescueMode) throw new DomainError("conflict", VPS_NOT_RUNNING);
  try {
    return await (await hypervisorForVm(machine.vm.id, ctx)).setPassword(machine.vm.id, password);
  } catch (error) {
    throw backendRefusal(error);
  }
}

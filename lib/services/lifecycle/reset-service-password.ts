import { assertServiceControl } from "../assert-service-control";
import { assertRootPassword, rootPasswordFor, type RootPasswordInput } from "../root-password-or-throw";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import { attachedPublicKeys } from "../dedicated/service-ssh-keys";
import { generatePassword } from "../dedicated/generate-password";
import { loadBuildPlan } from "../provisioning/build-plan";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { serviceMachineOrThrow } from "./service-machine-or-throw";

export const VPS_NOT_RUNNING = "The VPS is not running";
export const NOTHING_TO_REBUILD = "The server has no installed system to rebuild";
export const INSTALL_RUNNING = "A reinstall is already running on this server";

export interface PasswordOutcome {
  job: BackendJobView;
  /** Dedicated: the new password, returned once (generated when none was given). */
  password: string | null;
  /** `guest_agent` (VPS, set in the running guest) or `automated` (dedicated: the server is rebuilt with it). */
  method: "guest_agent" | "automated";
}

/**
 * Sets the root password of one of the actor's services (404 outside its scope). Native VPS: through
 * the guest agent; the machine must be running (409). Dedicated: the provisioning controller rebuilds
 * the server with its installed image and the new password (the customer API spec: "rebuilds the
 * server and erases data"), generated when none is given; refused while an install runs.
 */
export async function resetServicePassword(ctx: ServiceContext, input: { serviceId: string; password: RootPasswordInput }): Promise<PasswordOutcome> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const password = rootPasswordFor(input.password, service) ?? null;
  assertServiceControl(service, "password");
  const machine = await serviceMachineOrThrow(ctx.db, service);
  if (machine.kind === "dedicated") {
    const server = machine.server;
    if (server.provisionJobId) throw new DomainError("conflict", INSTALL_RUNNING);
    if (!server.osImageId) throw new DomainError("conflict", NOTHING_TO_REBUILD);
    const newPassword = password ?? generatePassword();
    const plan = await loadBuildPlan(ctx.db, service.id).catch(() => null);
    const sshKeys = [...new Set([...(plan?.sshKeys ?? []), ...(await attachedPublicKeys(ctx.db, service.id))])];
    try {
      const job = await (await bmcForServer(server.id, ctx)).reinstall(server.id, {
        image: { kind: "os", osImageId: server.osImageId },
        hostname: server.hostname ?? service.hostname ?? service.name,
        sshKeys,
        rootPassword: newPassword,
      });
      return { job, password: newPassword, method: "automated" };
    } catch (error) {
      throw backendRefusal(error);
    }
  }
  assertRootPassword(password);
  if (machine.vm.state !== "running" || machine.vm.rescueMode) throw new DomainError("conflict", VPS_NOT_RUNNING);
  try {
    return { job: await (await hypervisorForVm(machine.vm.id, ctx)).setPassword(machine.vm.id, password), password: null, method: "guest_agent" };
  } catch (error) {
    throw backendRefusal(error);
  }
}

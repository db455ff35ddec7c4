import { assertServiceControl } from "../assert-service-control";
import { assertRootPassword, rootPasswordFor, type RootPasswordInput } from "../root-password-or-throw";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import type { BackendJobView } from "@/lib/backends/types";
import { DomainError } from "@/lib/errors/domain-error";
import { backendRefusal } from "../backend-refusal";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { loadBuildPlan } from "../provisioning/build-plan";
import { serviceMachineOrThrow } from "./service-machine-or-throw";
import { INSTALL_RUNNING } from "./reset-service-password";
import { attachedPublicKeys } from "../dedicated/service-ssh-keys";
import { assertNameConfirmed } from "./run-lifecycle-verb";

export const REINSTALL_INITIATED = "OS reinstall initiated";
export const IMAGE_NOT_FOUND = "OS image not found";
export const IMAGE_NOT_OFFERED = "OS image is not available for this product";

/**
 * Re-images the machine of one of the actor's services (404 outside its scope) with one of the
 * product's images (the reseller API spec "Retry, lifecycle notes", the customer API spec Bodies):
 * unknown image 404; native VPS: not offered by the product or disabled → 409; dedicated: an image
 * not linked to the product (or disabled) is not one of its images at all → 404, a reinstall already
 * running → 409. Native VPS needs the new root password (8+, checked by the endpoint, and here before
 * the image is looked up); a dedicated server takes it when given (the reseller API ignores it, with
 * a `RootPasswordInput` rule) and also installs the keys attached to the service.
 * The order item's user data and SSH keys are applied again. `confirm`: the name typed in a portal's
 * dialog, checked before anything else is (assertNameConfirmed).
 */
export async function reinstallService(ctx: ServiceContext, input: { serviceId: string; osImageId: string; password?: RootPasswordInput; confirm?: string }): Promise<BackendJobView> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  assertNameConfirmed(service, input.confirm);
  const password = rootPasswordFor(input.password, service);
  const backend = assertServiceControl(service, "reinstall");
  assertRootPassword(password, { optional: backend === "dedicated" });
  const image = await ctx.db.osImage.findUnique({ where: { id: input.osImageId }, include: { products: { where: { productId: service.productId } } } });
  if (!image) throw new DomainError("not_found", IMAGE_NOT_FOUND);
  if (!image.enabled || image.products.length === 0) {
    throw backend === "dedicated" ? new DomainError("not_found", IMAGE_NOT_FOUND) : new DomainError("conflict", IMAGE_NOT_OFFERED);
  }
  const machine = await serviceMachineOrThrow(ctx.db, service);
  // The spec's own refusal (the controller's lock would only say "another operation").
  if (machine.kind === "dedicated" && machine.server.provisionJobId) throw new DomainError("conflict", INSTALL_RUNNING);
  // The order's user data is re-applied and every account key installed, as at the first build.
  const plan = await loadBuildPlan(ctx.db, service.id).catch(() => null);
  const userData = plan?.userData ?? undefined;
  const attached = machine.kind === "dedicated" ? await attachedPublicKeys(ctx.db, service.id) : [];
  const sshKeys = attached.length ? [...new Set([...(plan?.sshKeys ?? []), ...attached])] : plan?.sshKeys;
  try {
    if (machine.kind === "vps") {
      const hv = await hypervisorForVm(machine.vm.id, ctx);
      return await hv.reinstall(machine.vm.id, { image: { kind: "os", osImageId: image.id }, rootPassword: password!, userData, sshKeys });
    }
    const bmc = await bmcForServer(machine.server.id, ctx);
    return await bmc.reinstall(machine.server.id, { image: { kind: "os", osImageId: image.id }, hostname: service.hostname ?? service.name, sshKeys, ...(password ? { rootPassword: password } : {}) });
  } catch (error) {
    throw backendRefusal(error);
  }
}

import type { ProvisioningFailureCode } from "@/lib/backends/backend-error";
import { UNIT_DECIMALS, apiBillingCycle, minorUnitDigits, roundPrice } from "@/lib/pricing";
import { PROVISIONING_FAILURE_MESSAGES } from "./provisioning/failure-messages";
import { advanceMachineJobs } from "./advance-machine-jobs";
import { serviceInScopeOrThrow, type ServiceContext } from "./service-context";
import { findServiceMachine, primaryAddressOf } from "./find-service-machine";
import { networkOfService, type NetworkSection } from "./document/service-network";
import { resellerCapabilities, type ResellerCapabilities } from "./service-controls";

/** What the reseller portal's service page shows and polls (plain JSON: it crosses to the browser). */
export interface ResellerServiceView {
  id: string;
  name: string;
  hostname: string | null;
  status: string;
  suspendReason: string | null;
  productName: string;
  externalCustomerId: string | null;
  externalOrderId: string | null;
  address: string | null;
  location: string | null;
  billingCycle: string;
  /** Per cycle, at wholesale, in `currency`. */
  amount: string;
  currency: string;
  nextDueDate: string | null;
  createdAt: string;
  /** The machine's own state: a VM's (`running`, `stopped`, …) or a dedicated server's power (`on`, `off`), and whether it runs the rescue system. */
  machine: { kind: "vps" | "dedicated"; state: string; rescue: boolean } | null;
  /** A dedicated server's addresses with their reverse DNS (the network section's rows); null for other kinds. */
  dedicatedAddresses: NetworkSection["ipAddresses"] | null;
  /** The machine job under way (power, install, disk), with its progress, or null. */
  busy: { operation: string; progress: number } | null;
  capabilities: ResellerCapabilities;
  /** Why setting it up failed (`provisioning_failed`): the code and a sentence a reseller can act on. */
  failure: { code: string; message: string } | null;
}

/** The view of one of the actor's services (404 outside its scope), its jobs advanced to now. */
export async function resellerServiceView(ctx: ServiceContext, input: { serviceId: string }): Promise<ResellerServiceView> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  await advanceMachineJobs(ctx, service.id);
  const machine = await findServiceMachine(ctx.db, service.id);
  const jobIds = machine?.kind === "vps" ? [machine.vm.powerJobId, machine.vm.diskJobId] : machine ? [machine.server.powerJobId, machine.server.provisionJobId] : [];
  const ids = jobIds.filter((j): j is string => !!j);
  const [address, job, network] = await Promise.all([
    primaryAddressOf(ctx.db, machine),
    ids.length > 0 ? ctx.db.backendJob.findFirst({ where: { id: { in: ids }, state: { in: ["queued", "running"] } }, orderBy: { createdAt: "desc" } }) : null,
    machine?.kind === "dedicated" ? networkOfService(ctx.db, service) : null,
  ]);
  return {
    id: service.id,
    name: service.name,
    hostname: service.hostname,
    status: service.status,
    suspendReason: service.suspendReason,
    productName: service.product.name,
    externalCustomerId: service.resellerCustomer?.externalCustomerId ?? null,
    externalOrderId: service.order?.externalOrderId ?? null,
    address,
    location: service.location?.name ?? null,
    billingCycle: apiBillingCycle(service.billingCycle),
    // The price as renewals charge it, with its places: an hourly rate keeps 4 (0.0093), money the currency's.
    amount: roundPrice(service.amount, service.currency, service.billingCycle).toFixed(service.billingCycle === "hourly" ? UNIT_DECIMALS : minorUnitDigits(service.currency)),
    currency: service.currency,
    nextDueDate: service.nextDueDate?.toISOString() ?? null,
    createdAt: service.createdAt.toISOString(),
    machine: machine
      ? machine.kind === "vps"
        ? { kind: "vps", state: machine.vm.state, rescue: machine.vm.rescueMode }
        : { kind: "dedicated", state: machine.server.powerState, rescue: machine.server.rescueMode }
      : null,
    dedicatedAddresses: network?.ipAddresses ?? null,
    busy: job ? { operation: job.operation, progress: job.progress } : null,
    capabilities: resellerCapabilities(service.product, service.status),
    failure:
      service.status === "provisioning_failed"
        ? { code: service.failureCode ?? "unknown", message: PROVISIONING_FAILURE_MESSAGES[(service.failureCode ?? "unknown") as ProvisioningFailureCode] ?? PROVISIONING_FAILURE_MESSAGES.unknown }
        : null,
  };
}

import type { DbOrTx } from "@/lib/db/client";
import { serviceEventData, type ServiceEventData } from "@/lib/webhooks/events";
import { findServiceMachine, primaryAddressOf } from "./find-service-machine";

/** The `data` of a service.* reseller event for the service as it is now (inside the caller's transaction). */
export async function serviceEventDataFor(tx: DbOrTx, serviceId: string, reason?: string | null): Promise<ServiceEventData> {
  const service = await tx.service.findUniqueOrThrow({
    where: { id: serviceId },
    include: { order: { select: { externalOrderId: true } }, resellerCustomer: { select: { externalCustomerId: true } } },
  });
  return serviceEventData({
    serviceId: service.id,
    orderId: service.orderId,
    externalOrderId: service.order?.externalOrderId ?? null,
    externalCustomerId: service.resellerCustomer?.externalCustomerId ?? null,
    status: service.status,
    serverIp: await primaryAddressOf(tx, await findServiceMachine(tx, serviceId)),
    hostname: service.hostname,
    reason,
  });
}

import type { DedicatedServer } from "@/lib/generated/prisma/client";
import type { DedicatedServerView } from "./bmc-driver";

export function toDedicatedServerView(server: DedicatedServer): DedicatedServerView {
  return {
    id: server.id,
    nodeId: server.nodeId,
    serviceId: server.serviceId,
    name: server.name,
    sku: server.sku,
    manufacturer: server.manufacturer,
    model: server.model,
    specs: (server.specs as Record<string, unknown> | null) ?? {},
    powerState: server.powerState,
    provisionState: server.provisionState,
    hostname: server.hostname,
    os: server.osName ? { imageId: server.osImageId, name: server.osName } : null,
    rescueMode: server.rescueMode,
    busy: { provisionJobId: server.provisionJobId, powerJobId: server.powerJobId },
  };
}

import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zOptionalText, zSlug, zText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { BackendError } from "../backend-error";
import { addDedicatedServer } from "./create-node";

// Stock for a dedicated-server controller: each server in `available` state is one unit of its
// SKU in the location (dedicatedAvailability). The SKU is what a product sells: its slug, or
// specs.hardwareSku when the product sets one.

const schema = z.object({
  name: zText("server name", 100),
  sku: zSlug("SKU"),
  manufacturer: zText("manufacturer", 80),
  model: zText("model", 120),
  serialNumber: zOptionalText(100),
  rack: zOptionalText(60),
});

export type ServerInput = z.input<typeof schema>;

export async function addServerFromInput({ db }: OperatorContext, { nodeId, server }: { nodeId: string; server: ServerInput }) {
  const d = parseInput(schema, server);
  try {
    return await addDedicatedServer(db, {
      nodeId,
      name: d.name,
      sku: d.sku,
      manufacturer: d.manufacturer,
      model: d.model,
      serialNumber: d.serialNumber ?? undefined,
      rack: d.rack ?? undefined,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("name", `A server named “${d.name}” already exists.`);
    if (error instanceof BackendError) throw fieldError("name", "Servers can only be added to a dedicated-server controller (BMC node).", "invalid");
    throw error;
  }
}

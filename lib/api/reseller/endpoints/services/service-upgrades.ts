import { z } from "zod";
import { requestUpgradeExecution } from "@/lib/services/changes/execute-service-upgrade";
import { requestPackageChange } from "@/lib/services/changes/package-change";
import { upgradesSection } from "@/lib/services/changes/reseller-change-sections";
import { jsonResponse } from "../../../json-response";
import { reply } from "../../../reply";
import { uuidParam } from "../../../define-endpoint";
import { defineEndpoint } from "../../define-endpoint";
import { resellerChangeContext } from "./reseller-change-context";

const pendingSchema = z
  .object({ upgradeId: z.string(), status: z.string(), toProductId: z.string().nullable(), orderId: z.string().nullable(), createdAt: z.string() })
  .nullable();

export const upgradesSectionSchema = z.object({
  available: z.array(z.object({ productId: z.string(), name: z.string(), price: z.string() })),
  addons: z.null(),
  pendingUpgrade: pendingSchema,
  unavailableReason: z.string().optional(),
});

export const getServiceUpgradesEndpoint = defineEndpoint({
  method: "GET",
  path: "/services/{serviceId}/upgrades",
  scope: "read",
  summary: "Products the service can change to",
  description:
    "`available[]`: products the supplier links to the service's product by an upgrade path, priced at your wholesale on the service's cycle (`price` per cycle). `pendingUpgrade`: the change under way, if any. A service that cannot change (not active, hourly) has `unavailableReason`.",
  response: upgradesSectionSchema,
  async handler({ auth, db, now, params }) {
    return upgradesSection(resellerChangeContext(auth, db, now), { serviceId: params.serviceId });
  },
});

export const packageChangeSchema = z.object({
  serviceId: z.string(),
  upgradeId: z.string().nullable(),
  status: z.enum(["pending", "awaiting_payment", "executing", "awaiting_admin"]),
  billingDocumentType: z.enum(["invoice", "proforma"]).nullable(),
  billingDocumentId: z.string().nullable(),
  billingDocumentNumber: z.string().nullable(),
  orderId: z.string().nullable(),
  message: z.string(),
});

export const changePackageEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/change-package",
  scope: "services",
  signed: true,
  status: 202,
  summary: "Move the service to another product",
  description:
    "Only between products linked by a supplier upgrade path (else 409); the service must be `active` (409); the target must be in your catalogue (404) and priced on the service's cycle (400); an upgrade already in progress → 409. " +
    "Both plans are prorated to the service's next due date in whole days; the difference is charged at wholesale in the programme's mode (`credit`: debited now, `executing`; `invoice`: `awaiting_payment` until the raised document is paid; `saved_method`: the default card is charged, `executing` once it goes through). " +
      "A refused card answers 402 (`error` is the gateway's reason, `data.orderId` the change's order) and nothing changes; `POST /orders/{orderId}/retry` charges it again and applies the change. " +
    "A change costing nothing (`billingDocumentType: null`) is not refunded and applies shortly. Executing resizes a VPS (the machine restarts); poll `GET /services/{id}` and compare `productName`.",
  body: z.object({ productId: uuidParam }),
  response: packageChangeSchema,
  async handler({ auth, db, now, params, body }) {
    const { upgrade, charge, declined } = await requestPackageChange(resellerChangeContext(auth, db, now), { serviceId: params.serviceId, toProductId: body.productId });
    if (declined) {
      const error = `${declined}; nothing changed. Retry with POST /orders/${charge!.orderId}/retry`;
      return jsonResponse(402, { success: false, error, data: { serviceId: upgrade.serviceId, upgradeId: upgrade.id, orderId: charge!.orderId, paymentStatus: "failed", reason: declined } });
    }
    if (upgrade.status === "executing") await requestUpgradeExecution([upgrade.id]);
    const message =
      upgrade.status === "awaiting_payment"
        ? `Package change awaits payment of ${charge!.document!.type} ${charge!.document!.number}`
        : upgrade.status === "pending"
          ? "Package change is waiting for the card charge to be confirmed"
          : charge
          ? `Package change paid ${charge.paymentMode === "saved_method" ? "by card" : "from credit"}; it is being applied`
          : "Package change costs nothing; it is being applied";
    const status = upgrade.status === "completed" || upgrade.status === "cancelled" ? "executing" : upgrade.status;
    return reply(
      {
        serviceId: upgrade.serviceId,
        upgradeId: upgrade.id,
        status,
        billingDocumentType: charge?.document?.type ?? null,
        billingDocumentId: charge?.document?.id ?? null,
        billingDocumentNumber: charge?.document?.number ?? null,
        orderId: charge?.orderId ?? null,
        message,
      },
      { message },
    );
  },
});

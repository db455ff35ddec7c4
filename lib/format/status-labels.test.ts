import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BILLING_CYCLE_LABEL } from "@/lib/pricing/billing-cycle-label";
import { PRODUCT_KIND_NOUN } from "@/lib/catalogue/product-kind-backends";
import { STATUS_LABELS, statusLabel, statusOptions } from "./status-labels";

// The schema itself, not the generated client: an enum value added to schema.prisma fails here even
// before the client is generated again.
const schema = readFileSync(path.join(import.meta.dirname, "../../prisma/schema.prisma"), "utf8");
const enums = new Map(
  [...schema.matchAll(/^enum (\w+) \{([^}]*)\}/gm)].map(([, name, body]) => [
    name!,
    body!
      .split("\n")
      .map((line) => line.replace(/\/\/.*$/, "").trim().split(/\s+/)[0]!)
      .filter((value) => /^\w+$/.test(value)),
  ]),
);

/** Which label map words each enum that pages show. */
const SHOWN: Record<string, Record<string, string>> = {
  AccountStatus: STATUS_LABELS.account,
  ResellerProfileStatus: STATUS_LABELS.reseller,
  OrderStatus: STATUS_LABELS.order,
  PaymentStatus: STATUS_LABELS.payment,
  ProvisioningStatus: STATUS_LABELS.provisioning,
  ServiceStatus: STATUS_LABELS.service,
  ServiceRenewalStatus: STATUS_LABELS.serviceRenewal,
  ServiceOptionStatus: STATUS_LABELS.serviceOption,
  ServiceUpgradeStatus: STATUS_LABELS.serviceUpgrade,
  InvoiceStatus: STATUS_LABELS.invoice,
  ProformaStatus: STATUS_LABELS.proforma,
  WebhookDeliveryStatus: STATUS_LABELS.webhookDelivery,
  EmailStatus: STATUS_LABELS.email,
  JobRunStatus: STATUS_LABELS.jobRun,
  VmState: STATUS_LABELS.vm,
  OsInstallStatus: STATUS_LABELS.osInstall,
  VmSnapshotStatus: STATUS_LABELS.snapshot,
  CustomImageStatus: STATUS_LABELS.customImage,
  BackendJobState: STATUS_LABELS.backendJob,
  DedicatedPowerState: STATUS_LABELS.dedicatedPower,
  DedicatedProvisionState: STATUS_LABELS.dedicatedProvision,
  BillingCycle: BILLING_CYCLE_LABEL,
  ProductKind: PRODUCT_KIND_NOUN,
};

/** Enums that are settings or internal kinds, chosen in forms with their own option wording, never shown as a state. */
const NOT_A_STATE = new Set([
  "ResellerPaymentMode",
  "ResellerSignatureVersion",
  "OptionPricingType",
  "OrderType",
  "PaymentPurpose",
  "OrderPaymentMode",
  "ServiceUpgradeKind",
  "PaymentMethodKind",
  "LedgerEntryKind",
  "NodeKind",
  "EmailTokenPurpose",
]);

describe("status labels", () => {
  it("reads the schema's enums", () => {
    expect(enums.get("ServiceStatus")).toContain("pending_payment");
    expect(enums.get("BillingCycle")).toContain("semi_annually");
    expect(enums.size).toBeGreaterThan(25);
  });

  it("classifies every enum of the schema: a state gets a label map, anything else is listed as not a state", () => {
    const unclassified = [...enums.keys()].filter((name) => !(name in SHOWN) && !NOT_A_STATE.has(name));
    expect(unclassified).toEqual([]);
    // Every enum named like a state is shown in words.
    expect([...enums.keys()].filter((name) => /(Status|State)$/.test(name) && !(name in SHOWN))).toEqual([]);
  });

  it.each(Object.keys(SHOWN))("labels every value of %s, and nothing else", (name) => {
    const values = enums.get(name);
    expect(values, `${name} is not in schema.prisma`).toBeDefined();
    expect(Object.keys(SHOWN[name]!).sort()).toEqual([...values!].sort());
    for (const label of Object.values(SHOWN[name]!)) {
      expect(label).toMatch(/^[A-Z]/);
      expect(label).not.toMatch(/_/);
    }
  });

  it("answers words, also for a value it does not know", () => {
    expect(statusLabel("service", "pending_payment")).toBe("Awaiting payment");
    expect(statusLabel("invoice", "unpaid")).toBe("Unpaid");
    expect(statusLabel("order", "payment_failed")).toBe("Payment failed");
    expect(statusLabel("service", "on_the_moon")).toBe("On the moon");
    expect(statusLabel("service", "toString")).toBe("ToString");
  });

  it("builds a filter's options in the map's words", () => {
    expect(statusOptions("invoice")).toEqual([
      { value: "unpaid", label: "Unpaid" },
      { value: "paid", label: "Paid" },
      { value: "cancelled", label: "Cancelled" },
      { value: "refunded", label: "Refunded" },
    ]);
    expect(statusOptions("payment", ["paid", "failed"]).map((o) => o.label)).toEqual(["Paid", "Payment failed"]);
  });

});

import type { EmailStatus,
  AccountStatus,
  BackendJobState,
  CustomImageStatus,
  DedicatedPowerState,
  DedicatedProvisionState,
  InvoiceStatus,
  JobRunStatus,
  OrderStatus,
  OsInstallStatus,
  PaymentStatus,
  ProformaStatus,
  ProvisioningStatus,
  ResellerProfileStatus,
  ServiceOptionStatus,
  ServiceRenewalStatus,
  ServiceStatus,
  ServiceUpgradeStatus,
  VmSnapshotStatus,
  VmState,
  WebhookDeliveryStatus,
} from "@/lib/generated/prisma/enums";
import type { CastStatus } from "@/lib/services/console/cast-state";

// Every state a page or badge shows, in words, once. Pages never print an enum value: they call
// statusLabel(kind, value) or render <StatusBadge kind status>. status-labels.test.ts fails when a
// Prisma enum gains a value without a label here.

/** A game server's power state as the node reports it (not stored: the node answers it live). */
export type GameServerState = "running" | "starting" | "stopping" | "offline" | "unreachable" | "installing";

export const STATUS_LABELS = {
  service: {
    pending: "Setting up",
    pending_payment: "Awaiting payment",
    installing: "Installing",
    active: "Active",
    suspended: "Suspended",
    provisioning_failed: "Setup failed",
    cancelled: "Cancelled",
    terminated: "Terminated",
    fraud: "On hold",
  } satisfies Record<ServiceStatus, string>,
  order: {
    pending: "Awaiting payment",
    paid: "Paid",
    invoiced: "Invoiced",
    payment_failed: "Payment failed",
    provisioning_failed: "Setup failed",
    active: "Active",
    cancelled: "Cancelled",
  } satisfies Record<OrderStatus, string>,
  payment: {
    pending: "Awaiting payment",
    processing: "Processing",
    paid: "Paid",
    failed: "Payment failed",
    refunded: "Refunded",
  } satisfies Record<PaymentStatus, string>,
  provisioning: { pending: "Waiting to be set up", provisioned: "Set up", failed: "Setup failed" } satisfies Record<ProvisioningStatus, string>,
  invoice: { unpaid: "Unpaid", paid: "Paid", cancelled: "Cancelled", refunded: "Refunded" } satisfies Record<InvoiceStatus, string>,
  proforma: { unpaid: "Unpaid", paid: "Paid", converted: "Converted", cancelled: "Cancelled" } satisfies Record<ProformaStatus, string>,
  account: { pending: "Awaiting approval", active: "Active", suspended: "Suspended", closed: "Closed" } satisfies Record<AccountStatus, string>,
  reseller: { pending: "Awaiting approval", active: "Active", suspended: "Suspended", closed: "Closed" } satisfies Record<ResellerProfileStatus, string>,
  webhookDelivery: { pending: "Pending", paused: "Paused", delivered: "Delivered", failed: "Failed" } satisfies Record<WebhookDeliveryStatus, string>,
  email: { pending: "Queued", sending: "Sending", sent: "Sent", failed: "Failed" } satisfies Record<EmailStatus, string>,
  serviceUpgrade: {
    pending: "Pending",
    awaiting_payment: "Awaiting payment",
    executing: "Being applied",
    completed: "Completed",
    awaiting_admin: "Waiting for our team",
    cancelled: "Cancelled",
  } satisfies Record<ServiceUpgradeStatus, string>,
  serviceOption: { pending_payment: "Awaiting payment", active: "Active", cancelled: "Cancelled" } satisfies Record<ServiceOptionStatus, string>,
  serviceRenewal: { open: "Open", paid: "Paid", cancelled: "Cancelled" } satisfies Record<ServiceRenewalStatus, string>,
  snapshot: { creating: "Creating…", available: "Ready", reverting: "Reverting…", deleting: "Deleting…", error: "Failed" } satisfies Record<VmSnapshotStatus, string>,
  customImage: { capturing: "Capturing…", available: "Ready", error: "Failed" } satisfies Record<CustomImageStatus, string>,
  vm: { creating: "Being created", running: "Running", stopped: "Stopped", paused: "Paused", error: "In error" } satisfies Record<VmState, string>,
  osInstall: { in_progress: "Installing", completed: "Installed", failed: "Install failed" } satisfies Record<OsInstallStatus, string>,
  backendJob: { queued: "Waiting", running: "Running", succeeded: "Done", failed: "Failed" } satisfies Record<BackendJobState, string>,
  jobRun: { queued: "Queued", running: "Running", completed: "Completed", failed: "Failed", cancelled: "Cancelled" } satisfies Record<JobRunStatus, string>,
  dedicatedPower: { on: "On", off: "Off" } satisfies Record<DedicatedPowerState, string>,
  dedicatedProvision: {
    available: "In stock",
    reserved: "Reserved",
    pxe_booting: "Network booting",
    installing: "Installing",
    rebooting: "Rebooting",
    active: "In use",
    rescue: "Rescue mode",
    deploy_failed: "Deploy failed",
    cleaning: "Being wiped",
    maintenance: "Maintenance",
  } satisfies Record<DedicatedProvisionState, string>,
  consoleLink: { pending: "Not opened yet", open: "Open", expired: "Expired", revoked: "Revoked" } satisfies Record<CastStatus, string>,
  gameServer: {
    running: "Running",
    starting: "Starting",
    stopping: "Stopping",
    offline: "Offline",
    unreachable: "Node unreachable",
    installing: "Installing",
  } satisfies Record<GameServerState, string>,
} as const;

export type StatusKind = keyof typeof STATUS_LABELS;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_LABELS)[K];

/**
 * The words for a state: "Awaiting payment" for ("service", "pending_payment"). A value the map does
 * not know (an API answering a newer state) still reads as words, never as `snake_case`.
 */
export function statusLabel(kind: StatusKind, status: string): string {
  const labels: Record<string, string> = STATUS_LABELS[kind];
  if (Object.hasOwn(labels, status)) return labels[status]!;
  const words = status.replaceAll(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The options of a status filter: every state of a kind (or the ones given) with its words. */
export function statusOptions<K extends StatusKind>(kind: K, statuses?: readonly StatusOf<K>[]): { value: string; label: string }[] {
  const all = Object.keys(STATUS_LABELS[kind]) as StatusOf<K>[];
  return (statuses ?? all).map((s) => ({ value: String(s), label: statusLabel(kind, String(s)) }));
}

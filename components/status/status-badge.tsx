import { Badge, type BadgeTone } from "@/components/ui/badge";
import { statusLabel, type StatusKind } from "@/lib/format/status-labels";

// The colour of each state; the words are lib/format/status-labels.ts. Green: all is well; blue:
// on its way; amber: waiting for someone; red: something went wrong; neutral: over.
const TONES: { [K in StatusKind]?: Record<string, BadgeTone> } = {
  service: {
    active: "green",
    installing: "blue",
    pending: "blue",
    pending_payment: "amber",
    suspended: "amber",
    provisioning_failed: "red",
    fraud: "red",
  },
  order: { pending: "amber", paid: "green", invoiced: "amber", payment_failed: "red", provisioning_failed: "red", active: "green" },
  payment: { pending: "amber", processing: "blue", paid: "green", failed: "red" },
  provisioning: { pending: "blue", provisioned: "green", failed: "red" },
  invoice: { unpaid: "amber", paid: "green" },
  proforma: { unpaid: "amber", paid: "green", converted: "green" },
  account: { active: "green", suspended: "red" },
  reseller: { pending: "amber", active: "green", suspended: "red" },
  webhookDelivery: { pending: "amber", delivered: "green", failed: "red" },
  email: { pending: "amber", sending: "blue", sent: "green", failed: "red" },
  serviceUpgrade: { pending: "amber", awaiting_payment: "amber", executing: "blue", completed: "green", awaiting_admin: "amber" },
  serviceOption: { pending_payment: "amber", active: "green" },
  serviceRenewal: { open: "amber", paid: "green" },
  snapshot: { creating: "amber", available: "green", reverting: "amber", deleting: "amber", error: "red" },
  customImage: { capturing: "amber", available: "green", error: "red" },
  vm: { creating: "blue", running: "green", error: "red" },
  osInstall: { in_progress: "blue", completed: "green", failed: "red" },
  backendJob: { running: "blue", succeeded: "green", failed: "red" },
  jobRun: { queued: "blue", running: "blue", completed: "green", failed: "red" },
  dedicatedPower: { on: "green" },
  dedicatedProvision: { available: "green", active: "green", pxe_booting: "blue", installing: "blue", rebooting: "blue", cleaning: "blue", rescue: "amber", maintenance: "amber", deploy_failed: "red" },
  consoleLink: { pending: "blue", open: "green", revoked: "red" },
  gameServer: { running: "green", starting: "blue", stopping: "amber", unreachable: "red", installing: "blue" },
};

export function statusTone(kind: StatusKind, status: string): BadgeTone {
  return TONES[kind]?.[status] ?? "neutral";
}

/** A state in words and colour: every page shows states through this (or statusLabel for plain text). */
export function StatusBadge({ kind, status }: { kind: StatusKind; status: string }) {
  return <Badge tone={statusTone(kind, status)}>{statusLabel(kind, status)}</Badge>;
}

import { describe, expect, it } from "vitest";
import type { ServiceStatus } from "@/lib/generated/prisma/client";
import { controlRefusal, LIFECYCLE_TRANSITIONS, lifecycleRefusal, type Control, type LifecycleVerb } from "./service-rules";

const STATUSES: ServiceStatus[] = ["pending", "pending_payment", "installing", "active", "suspended", "provisioning_failed", "cancelled", "terminated", "fraud"];

// the reseller API spec "States and transitions" with docs/decisions.md#d7, one row per (verb, from): the expected
// outcome is the next status, or the refusal's status and sentence.
const LIFECYCLE: Record<LifecycleVerb, Record<ServiceStatus, string>> = {
  suspend: {
    pending: "409 Only an active service can be suspended",
    pending_payment: "409 Only an active service can be suspended",
    installing: "409 Only an active service can be suspended",
    active: "→ suspended",
    suspended: "409 Only an active service can be suspended",
    provisioning_failed: "409 Only an active service can be suspended",
    cancelled: "409 Only an active service can be suspended",
    terminated: "403 Service is terminated",
    fraud: "409 Only an active service can be suspended",
  },
  unsuspend: {
    pending: "409 Only a suspended service can be unsuspended",
    pending_payment: "409 Only a suspended service can be unsuspended",
    installing: "409 Only a suspended service can be unsuspended",
    active: "409 Only a suspended service can be unsuspended",
    suspended: "→ active",
    provisioning_failed: "409 Only a suspended service can be unsuspended",
    cancelled: "409 Only a suspended service can be unsuspended",
    terminated: "403 Service is terminated",
    fraud: "409 Only a suspended service can be unsuspended",
  },
  terminate: {
    pending: "→ terminated",
    pending_payment: "→ terminated",
    installing: "→ terminated",
    active: "→ terminated",
    suspended: "→ terminated",
    provisioning_failed: "→ terminated",
    cancelled: "→ terminated",
    terminated: "→ terminated (alreadyTerminated)",
    fraud: "→ terminated",
  },
};

const STATUS_OF = { forbidden: 403, conflict: 409 } as Record<string, number>;

describe.each(Object.keys(LIFECYCLE) as LifecycleVerb[])("%s", (verb) => {
  it.each(STATUSES)("from %s", (from) => {
    const refusal = lifecycleRefusal(verb, from);
    const outcome = refusal
      ? `${STATUS_OF[refusal.kind]} ${refusal.message}`
      : verb === "terminate" && from === "terminated"
        ? "→ terminated (alreadyTerminated)"
        : `→ ${LIFECYCLE_TRANSITIONS[verb][from]}`;
    expect(outcome).toBe(LIFECYCLE[verb][from]);
  });
});

// Controls by billing state: a suspended service accepts stop, restart, stats and OS templates only
// (rescue, rDNS, SSH keys and transit self-service are refused too: docs/services.md decision); a
// terminated one nothing; every other state leaves the decision to the machine (404/409 later).
const CONTROLS = ["start", "stop", "restart", "reinstall", "password", "console", "backup_create", "os_templates", "stats", "rescue", "rdns", "ssh_keys", "transit_config"] as const satisfies readonly Control[];
// Every control is in the table: adding one to `Control` without a row here fails the typecheck.
const EVERY_CONTROL_LISTED: Exclude<Control, (typeof CONTROLS)[number]> extends never ? true : never = true;
void EVERY_CONTROL_LISTED;
const SUSPENDED_OK = new Set<Control>(["stop", "restart", "stats", "os_templates"]);

describe("controls by billing state", () => {
  it.each(STATUSES.flatMap((s) => CONTROLS.map((c) => [s, c] as const)))("%s / %s", (status, control) => {
    const refusal = controlRefusal(status, control);
    if (status === "terminated") expect(refusal?.message).toBe("Service is terminated");
    else if (status === "suspended" && !SUSPENDED_OK.has(control)) expect(refusal?.message).toBe("Service is suspended; only stop and restart are allowed");
    else expect(refusal).toBeNull();
    if (refusal) expect(refusal.kind).toBe("forbidden");
  });
});

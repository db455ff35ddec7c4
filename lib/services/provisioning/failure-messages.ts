import type { ProvisioningFailureCode } from "@/lib/backends/backend-error";

/**
 * What a client is told about a failed build (order `provisioning_error`, webhook `provisioningError`).
 * The backend's own message is for operators (`Service.failureDetail`) and never leaves the platform.
 */
export const PROVISIONING_FAILURE_MESSAGES: Record<ProvisioningFailureCode, string> = {
  capacity: "No capacity is left for this plan in the chosen location; another location may work",
  ip_capacity: "No IP addresses are left in the chosen location; another location may work",
  storage_capacity: "The host's storage is full; one retry may work",
  install_timeout: "The operating system install did not finish in time; one retry may work",
  configuration: "The order's configuration cannot be built (image, hostname or user data); the order needs changing",
  name_conflict: "The host already holds a machine of this name; the order needs changing",
  provider_unreachable: "The hosting backend could not be reached; one retry may work",
  unknown: "Provisioning failed; one retry may work",
};

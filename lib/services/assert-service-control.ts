import { DomainError } from "@/lib/errors/domain-error";
import type { Product, ServiceStatus } from "@/lib/generated/prisma/client";
import { backendOf, productControls, type PowerVerb, type ProductControls } from "./service-controls";
import { assertControlAllowed, type Control } from "./service-rules";

export const NO_REMOTE_CONTROLS = "Service has no remote controls";
export const CONSOLE_SWITCHED_OFF = "Console is switched off for this product";

const POWER: ReadonlySet<Control> = new Set(["start", "stop", "restart"]);

/** The native VPS product switch that refuses `control` (403), or null. */
export function productSwitchRefusal(controls: ProductControls, control: Control): DomainError | null {
  if (POWER.has(control) && !controls.powerActions.includes(control as PowerVerb)) {
    return new DomainError("forbidden", `Power action '${control}' is switched off for this product; allowed: ${controls.powerActions.join(", ") || "none"}`);
  }
  if (control === "reinstall" && !controls.reinstall) return new DomainError("forbidden", "Reinstall is switched off for this product");
  if (control === "password" && !controls.password) return new DomainError("forbidden", "Password reset is switched off for this product");
  if (control === "stats" && !controls.stats) return new DomainError("forbidden", "Statistics are switched off for this product");
  if (control === "console" && !controls.console) return new DomainError("forbidden", CONSOLE_SWITCHED_OFF);
  return null;
}

/**
 * The guard every remote control of a service passes, in the specs' order, once for the panel,
 * the reseller portal and both APIs: a backend (400 "Service has no remote controls"), the
 * billing state (403, lib/services/service-rules.ts), then a native VPS's product switches (403
 * naming the allowed verbs). Returns the backend.
 */
export function assertServiceControl(service: { status: ServiceStatus; product: Pick<Product, "kind" | "specs" | "snapshotLimit"> }, control: Control): "vps" | "dedicated" {
  const backend = backendOf(service.product);
  if (!backend) throw new DomainError("invalid", NO_REMOTE_CONTROLS);
  assertControlAllowed(service.status, control);
  if (backend === "vps") {
    const refusal = productSwitchRefusal(productControls(service.product), control);
    if (refusal) throw refusal;
  }
  return backend;
}

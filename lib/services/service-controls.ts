import type { Product, ServiceStatus } from "@/lib/generated/prisma/client";

export type PowerVerb = "start" | "stop" | "restart";
export const POWER_VERBS: readonly PowerVerb[] = ["start", "stop", "restart"];

/**
 * The operator's per-product switches for native VPS remote controls, read from `specs.controls`
 * (`{power, powerActions, console, reinstall, password, stats}`); a switch left out is on. Snapshots
 * follow `snapshotLimit`. Dedicated servers advertise the full set and refuse at call time.
 */
export interface ProductControls {
  power: boolean;
  powerActions: PowerVerb[];
  console: boolean;
  reinstall: boolean;
  password: boolean;
  stats: boolean;
  backups: boolean;
}

export function productControls(product: Pick<Product, "kind" | "specs" | "snapshotLimit">): ProductControls {
  const specs = product.specs && typeof product.specs === "object" && !Array.isArray(product.specs) ? (product.specs as Record<string, unknown>) : {};
  const raw = specs.controls && typeof specs.controls === "object" ? (specs.controls as Record<string, unknown>) : {};
  const on = (key: string) => raw[key] !== false;
  const listed = Array.isArray(raw.powerActions) ? POWER_VERBS.filter((v) => (raw.powerActions as unknown[]).includes(v)) : [...POWER_VERBS];
  const power = on("power");
  return {
    power,
    powerActions: power ? listed : [],
    console: on("console"),
    reinstall: on("reinstall"),
    password: on("password"),
    stats: on("stats"),
    backups: product.kind === "vps" ? product.snapshotLimit > 0 : false,
  };
}

export type ServiceBackend = "vps" | "dedicated" | null;

export function backendOf(product: Pick<Product, "kind">): ServiceBackend {
  return product.kind === "vps" ? "vps" : product.kind === "dedicated" ? "dedicated" : null;
}

/** Reseller API Capabilities (docs/decisions.md#d14: terminated → every control false, backend still named). */
export interface ResellerCapabilities {
  backend: ServiceBackend;
  power: boolean;
  powerActions: PowerVerb[];
  stats: boolean;
  console: boolean;
  reinstall: boolean;
  password: boolean;
  backups: boolean;
}

export function resellerCapabilities(product: Pick<Product, "kind" | "specs" | "snapshotLimit">, status: ServiceStatus): ResellerCapabilities {
  const backend = backendOf(product);
  const none = { backend, power: false, powerActions: [], stats: false, console: false, reinstall: false, password: false, backups: false };
  if (backend === null || status === "terminated") return none;
  if (backend === "dedicated") return { backend, power: true, powerActions: [...POWER_VERBS], stats: true, console: true, reinstall: true, password: true, backups: false };
  const c = productControls(product);
  return { backend, power: c.power, powerActions: c.powerActions, stats: c.stats, console: c.console, reinstall: c.reinstall, password: c.password, backups: c.backups };
}

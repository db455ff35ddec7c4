import type { ServiceStatus } from "@/lib/generated/prisma/client";

/**
 * The sections of a service's page in the customer panel, in the order the tab strip shows them.
 * The same strip for a VPS, a dedicated server and a game server; each service shows only the tabs
 * it has something for (serviceTabs). `files` exists for game servers only (their file manager).
 */
export const SERVICE_TABS = [
  { slug: "overview", label: "Overview" },
  { slug: "console", label: "Console" },
  { slug: "files", label: "Files" },
  { slug: "usage", label: "Usage" },
  { slug: "power", label: "Power" },
  { slug: "backups", label: "Backups and snapshots" },
  { slug: "networking", label: "Networking" },
  { slug: "settings", label: "Settings" },
  { slug: "billing", label: "Billing" },
  { slug: "activity", label: "Activity" },
  { slug: "destroy", label: "Destroy", danger: true },
] as const satisfies readonly { slug: string; label: string; danger?: boolean }[];

export type ServiceTabSlug = (typeof SERVICE_TABS)[number]["slug"];
export type ServiceTab = { slug: ServiceTabSlug; label: string; danger?: boolean };

export const DEFAULT_SERVICE_TAB: ServiceTabSlug = "overview";

/** What the page knows about a service before it renders a tab: its kind, state, what it offers now and what the viewer may do. */
export interface ServiceTabFacts {
  /** The product's kind; anything but vps, dedicated and game has no controls in the panel. */
  kind: string;
  status: ServiceStatus;
  access: { canManage: boolean; canCancel: boolean; canWithdrawCancellation: boolean; canConsole: boolean };
  /**
   * What the machine offers now (the VPS document's capabilities, the dedicated server's features,
   * the game document's capabilities); null before the machine exists or when it could not be read.
   */
  offers: {
    power: boolean;
    console: boolean;
    snapshots?: boolean;
    images?: boolean;
    files?: boolean;
    settings?: boolean;
  } | null;
  /** The service has a machine (a VM, a server, a game server) bound to it. */
  hasMachine: boolean;
  /** How many IP addresses the service holds. */
  addresses: number;
  cancellationScheduled: boolean;
  /** The service's order waits for payment and this viewer may cancel it. */
  unpaidOrderCancellable: boolean;
}

const MACHINE_KINDS = new Set(["vps", "dedicated", "game"]);
/** Statuses after which nothing runs any more: the controls, the activity and the usage are gone. */
const ENDED = new Set<ServiceStatus>(["terminated", "provisioning_failed", "cancelled", "fraud"]);
const RUNNING = new Set<ServiceStatus>(["active", "suspended"]);

/** Whether one tab has something to show for this service (the rules behind serviceTabs). */
function offered(slug: ServiceTabSlug, f: ServiceTabFacts): boolean {
  const machine = MACHINE_KINDS.has(f.kind);
  const game = f.kind === "game";
  switch (slug) {
    case "overview":
    case "billing":
      return true;
    case "console":
      return machine && f.access.canConsole && !!f.offers?.console;
    case "files":
      return game && !!f.offers?.files;
    case "usage":
      // A game server's usage is drawn live from its console's stream, so it lives on the Console tab.
      return machine && !game && f.hasMachine && RUNNING.has(f.status);
    case "power":
      return machine && !!f.offers?.power;
    case "backups":
      return machine && !game && !!(f.offers?.snapshots || f.offers?.images);
    case "networking":
      return machine && !game && f.addresses > 0;
    case "settings":
      if (game) return !!f.offers?.settings;
      // Reinstall, password, rescue and keys act on a built machine; a dedicated server's keys may be set before.
      if (f.kind === "vps") return f.access.canManage && f.hasMachine && RUNNING.has(f.status);
      return machine && f.access.canManage && !ENDED.has(f.status) && f.status !== "pending_payment";
    case "activity":
      return machine && !game && !ENDED.has(f.status) && f.status !== "pending_payment";
    case "destroy":
      return (
        f.unpaidOrderCancellable ||
        // What an unpaid order's cancellation leaves: the tab says so (and keeps the cancellation's answer on screen).
        f.status === "cancelled" ||
        (machine && RUNNING.has(f.status) && f.cancellationScheduled) ||
        (machine && f.status === "active" && f.access.canCancel)
      );
  }
}

/** The tabs a service's page shows, in strip order: Overview first, Destroy last. */
export function serviceTabs(facts: ServiceTabFacts): ServiceTab[] {
  return SERVICE_TABS.filter((tab) => offered(tab.slug, facts));
}

/** The tab `?tab=` asks for when the service has it, else Overview (an unknown or absent tab, or one this service lacks). */
export function selectServiceTab(tabs: readonly ServiceTab[], requested: string | string[] | undefined): ServiceTabSlug {
  const wanted = Array.isArray(requested) ? requested[0] : requested;
  return tabs.find((t) => t.slug === wanted)?.slug ?? DEFAULT_SERVICE_TAB;
}

/** The address of one tab of a service's page (Overview is the page itself). */
export function serviceTabHref(serviceId: string, slug: ServiceTabSlug, hash?: string): string {
  return `/services/${serviceId}${slug === DEFAULT_SERVICE_TAB ? "" : `?tab=${slug}`}${hash ? `#${hash}` : ""}`;
}

import { gameSection } from "@/lib/game/game-section";
import type { GameDocument } from "@/lib/game/game-document";
import type { BackendContext } from "@/lib/backends/context";
import { bmcForServer, hypervisorForVm } from "@/lib/backends/registry";
import { billingCycleValue } from "../billing-cycle-value";
import { vpsCapabilities } from "../customer-documents";
import { dedicatedDocumentOf } from "../dedicated/dedicated-document";
import { findServiceMachine, primaryAddressOf, type ServiceMachine } from "../find-service-machine";
import type { ScopedService } from "../find-scoped-service-or-throw";
import { serviceInScopeOrThrow, type ServiceContext } from "../service-context";
import { resellerCapabilities, type ResellerCapabilities } from "../service-controls";
import { documentKindOf, type DocumentKind } from "./document-kind";
import { networkOfService, type NetworkSection } from "./service-network";
import { changeContext, type ChangeBuyer } from "../changes/service-change-context";
import { optionsSectionOf, upgradesSectionOf, type OptionsSection, type UpgradesSection } from "../changes/reseller-change-sections";
import { transitSelfService } from "./transit-config";

/** the reseller API spec "Service document" `features`: render a panel only when true. */
export interface DocumentFeatures {
  power: boolean;
  console: boolean;
  reinstall: boolean;
  password_reset: boolean;
  stats: boolean;
  backups: boolean;
  snapshots: boolean;
  subnets: boolean;
  nics: boolean;
  storage: boolean;
  location: boolean;
  traffic: boolean;
  hardware_health: boolean;
  rdns: boolean;
  rescue: boolean;
  ssh_keys: boolean;
}

export interface ServiceDocumentBody {
  kind: DocumentKind;
  serviceId: string;
  generatedAt: string;
  service: {
    id: string;
    name: string;
    hostname: string | null;
    status: string;
    serverIp: string | null;
    serverLocation: string | null;
    serverPort: number | null;
    billingCycle: string;
    nextDueDate: string | null;
    createdAt: string;
    deliveredAt: string | null;
    productName: string;
    productSpecs: Record<string, unknown>;
    osImage: { name: string; logoUrl: string | null } | null;
  };
  capabilities: ResellerCapabilities;
  features: DocumentFeatures;
  options: OptionsSection;
  upgrades: UpgradesSection;
  network: NetworkSection;
  dedicated?: Record<string, unknown>;
  vps?: Record<string, unknown>;
  ipTransit?: Record<string, unknown>;
  colocation?: Record<string, unknown>;
  game?: GameDocument | { server: null; capabilities: null };
}

const NO_FEATURES: DocumentFeatures = {
  power: false,
  console: false,
  reinstall: false,
  password_reset: false,
  stats: false,
  backups: false,
  snapshots: false,
  subnets: false,
  nics: false,
  storage: false,
  location: false,
  traffic: false,
  hardware_health: false,
  rdns: false,
  rescue: false,
  ssh_keys: false,
};

const specsOf = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

async function rescueOffered(ctx: BackendContext, machine: ServiceMachine | null): Promise<boolean> {
  if (!machine) return false;
  try {
    return machine.kind === "vps" ? (await hypervisorForVm(machine.vm.id, ctx)).capabilities.rescue : (await bmcForServer(machine.server.id, ctx)).capabilities.rescue;
  } catch {
    return false;
  }
}

/**
 * The whole panel of one of the actor's services in one read (`GET /services/{id}/document`; 404 outside
 * its scope): every required key, and exactly one kind section (none for `generic`, docs/decisions.md#d8).
 * Features say which panels to draw; a terminated service draws none. `buyer` prices the options and
 * upgrades offered.
 */
export async function buildServiceDocument(ctx: ServiceContext, input: { serviceId: string; buyer: ChangeBuyer }): Promise<ServiceDocumentBody> {
  const { db } = ctx;
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const kind = documentKindOf(service.product.kind);
  const machine = await findServiceMachine(db, service.id);
  const serverIp = await primaryAddressOf(db, machine);
  const built = serverIp !== null;
  const osImageId = machine?.kind === "vps" ? machine.vm.osImageId : machine?.kind === "dedicated" ? machine.server.osImageId : null;
  const osName = machine?.kind === "vps" ? machine.vm.osName : machine?.kind === "dedicated" ? machine.server.osName : null;
  const image = osImageId ? await db.osImage.findUnique({ where: { id: osImageId }, select: { name: true, logoUrl: true } }) : null;
  const changes = await changeContext(db, input.buyer);
  const now = ctx.now;
  const [options, upgrades, network] = await Promise.all([optionsSectionOf({ db, now, order: changes }, service), upgradesSectionOf({ db, now, order: changes }, service), networkOfService(db, service)]);
  const capabilities = resellerCapabilities(service.product, service.status);
  const live = service.status !== "terminated";
  const productSpecs = specsOf(service.product.specs);
  const location = service.location ? { value: service.location.value, name: service.location.name, country_code: service.location.countryCode } : null;

  const doc: ServiceDocumentBody = {
    kind,
    serviceId: service.id,
    generatedAt: now.toISOString(),
    service: {
      id: service.id,
      name: service.name,
      hostname: service.hostname,
      status: service.status,
      serverIp,
      serverLocation: built ? (service.location?.name ?? null) : null,
      serverPort: built ? 22 : null,
      billingCycle: billingCycleValue(service.billingCycle),
      nextDueDate: service.nextDueDate?.toISOString() ?? null,
      createdAt: service.createdAt.toISOString(),
      deliveredAt: service.deliveredAt?.toISOString() ?? null,
      productName: service.product.name,
      productSpecs,
      osImage: image ? { name: image.name, logoUrl: image.logoUrl } : osName ? { name: osName, logoUrl: null } : null,
    },
    capabilities,
    features: { ...NO_FEATURES },
    options,
    upgrades,
    network,
  };
  if (!live) {
    if (kind === "dedicated") doc.dedicated = await dedicatedSection(ctx, service);
    else if (kind === "vps") doc.vps = vpsSection(service, machine, network, osName, location);
    else if (kind === "ip-transit") doc.ipTransit = ipTransitSection(service, productSpecs);
    else if (kind === "colocation") doc.colocation = colocationSection();
    else if (kind === "game") doc.game = await gameSection(ctx, service.id);
    return doc;
  }

  const rescue = capabilities.backend !== null && service.status === "active" && (await rescueOffered(ctx, machine));
  if (kind === "vps") {
    doc.features = {
      ...NO_FEATURES,
      power: capabilities.power,
      console: capabilities.console,
      reinstall: capabilities.reinstall,
      password_reset: capabilities.password,
      stats: capabilities.stats,
      backups: capabilities.backups,
      snapshots: capabilities.backups,
      subnets: network.subnets.length > 0,
      location: location !== null,
      // Sampled every five minutes once the machine exists (GET /services/{id}/traffic).
      traffic: machine !== null,
      rescue,
    };
    doc.vps = vpsSection(service, machine, network, osName, location);
  } else if (kind === "dedicated") {
    const section = await dedicatedSection(ctx, service);
    doc.features = {
      ...NO_FEATURES,
      power: capabilities.power,
      console: capabilities.console,
      reinstall: capabilities.reinstall,
      password_reset: capabilities.password,
      stats: true,
      subnets: network.subnets.length > 0,
      nics: (section.nics as unknown[]).length > 0,
      storage: (section.storage as unknown[]).length > 0,
      location: location !== null,
      hardware_health: machine !== null,
      traffic: machine !== null,
      rdns: machine !== null,
      rescue,
      ssh_keys: true,
    };
    doc.dedicated = section;
  } else if (kind === "ip-transit") {
    doc.features = { ...NO_FEATURES, subnets: network.subnets.length > 0, location: location !== null };
    doc.ipTransit = ipTransitSection(service, productSpecs);
  } else if (kind === "colocation") {
    doc.features = { ...NO_FEATURES, location: location !== null };
    doc.colocation = colocationSection();
  } else if (kind === "game") {
    const game = await gameSection(ctx, service.id);
    if (game.capabilities) doc.features = { ...NO_FEATURES, power: game.capabilities.power, console: game.capabilities.console, location: location !== null };
    doc.game = game;
  }
  return doc;
}

function vpsSection(service: ScopedService, machine: ServiceMachine | null, network: NetworkSection, osName: string | null, location: unknown): Record<string, unknown> {
  return { capabilities: vpsCapabilities(service, machine), ipAddresses: network.ipAddresses, osName, location };
}

async function dedicatedSection(ctx: BackendContext, service: ScopedService): Promise<Record<string, unknown>> {
  const d = await dedicatedDocumentOf(ctx.db, service, { detail: true });
  const server = await ctx.db.dedicatedServer.findFirst({ where: { serviceId: service.id }, orderBy: { reservedAt: "desc" } });
  const hw = specsOf(server?.specs);
  const storage = typeof hw.storage === "string" ? [{ description: hw.storage }] : [];
  const nics = server ? [{ name: "eth0", macAddress: server.macAddress, speed: typeof hw.port === "string" ? hw.port : null, addresses: d.ip_addresses.map((a) => a.address) }] : [];
  return {
    specs: { ...specsOf(service.product.specs), ...hw },
    location: d.location ?? null,
    datacenter: d.datacenter?.name ?? null,
    rack: server?.rack ?? null,
    provisioning: d.provisioning ?? null,
    os_installation: d.os_installation ?? null,
    features: d.features ?? null,
    nics,
    storage,
  };
}

function ipTransitSection(service: ScopedService, specs: Record<string, unknown>): Record<string, unknown> {
  return {
    portDetails: specs.port ?? null,
    bgp: service.transitConfig ?? null,
    selfService: transitSelfService(service.product),
    allocations: [],
    bandwidth: specs.bandwidth ?? null,
  };
}

function colocationSection(): Record<string, unknown> {
  return { device: null, crossConnects: [], ipamAllocations: [] };
}

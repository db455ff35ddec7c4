import type { Prisma, ServiceStatus } from "@/lib/generated/prisma/client";
import { pageWindow } from "@/lib/schemas/pagination";
import { isUuid } from "@/lib/schemas/uuid";
import { primaryAddressesOf } from "@/lib/services/primary-addresses-of";
import type { OperatorContext } from "../operator-context";

export const SERVICES_PAGE_SIZE = 25;

export const SERVICE_STATUSES = ["pending", "pending_payment", "installing", "active", "suspended", "provisioning_failed", "cancelled", "terminated", "fraud"] as const satisfies readonly ServiceStatus[];

/** The list's filters as the page's GET form sends them; anything malformed is dropped (no filter), never an error. */
export interface AdminServiceFilters {
  status?: string;
  productId?: string;
  nodeId?: string;
  locationId?: string;
}

/** The filters that apply: a known status, well-formed ids. */
export interface AppliedServiceFilters {
  status: ServiceStatus | null;
  productId: string | null;
  nodeId: string | null;
  locationId: string | null;
}

export interface AdminServiceRow {
  id: string;
  name: string;
  hostname: string | null;
  status: ServiceStatus;
  account: { id: string; name: string; company: string | null };
  product: { id: string; name: string };
  /** The node of the machine the service runs on (its newest VM not destroyed, else its newest server); null before one exists. */
  node: { id: string; name: string } | null;
  location: { id: string; name: string } | null;
  primaryAddress: string | null;
  createdAt: Date;
}

export interface AdminServiceList {
  rows: AdminServiceRow[];
  total: number;
  page: number;
  pages: number;
  filters: AppliedServiceFilters;
}

export function appliedFilters(input: AdminServiceFilters): AppliedServiceFilters {
  const id = (v: string | undefined) => (v && isUuid(v.trim()) ? v.trim().toLowerCase() : null);
  const status = (SERVICE_STATUSES as readonly string[]).includes(input.status ?? "") ? (input.status as ServiceStatus) : null;
  return { status, productId: id(input.productId), nodeId: id(input.nodeId), locationId: id(input.locationId) };
}

/**
 * On a node: a live VM of the service there, or a dedicated server of that node reserved for it. The
 * location is the service's own (where it was ordered or placed).
 */
function whereOf(f: AppliedServiceFilters): Prisma.ServiceWhereInput {
  const and: Prisma.ServiceWhereInput[] = [];
  if (f.status) and.push({ status: f.status });
  if (f.productId) and.push({ productId: f.productId });
  if (f.locationId) and.push({ locationId: f.locationId });
  if (f.nodeId) and.push({ OR: [{ virtualMachines: { some: { nodeId: f.nodeId, destroyedAt: null } } }, { dedicatedServers: { some: { nodeId: f.nodeId } } }] });
  return and.length ? { AND: and } : {};
}

/**
 * Every service of every account for the operator console, newest first, 25 a page, narrowed by
 * status, product, node and location. Five queries whatever the page holds: the rows with their
 * account, product, location and machine's node, the total, and the primary addresses (three).
 */
export async function listAdminServices({ db }: OperatorContext, input: AdminServiceFilters & { page?: number }): Promise<AdminServiceList> {
  const filters = appliedFilters(input);
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const where = whereOf(filters);
  const node = { select: { id: true, name: true } } as const;
  const [services, total] = await Promise.all([
    db.service.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(page, SERVICES_PAGE_SIZE),
      select: {
        id: true,
        name: true,
        hostname: true,
        status: true,
        createdAt: true,
        account: { select: { id: true, name: true, company: true } },
        product: { select: { id: true, name: true } },
        location: { select: { id: true, name: true } },
        virtualMachines: { where: { destroyedAt: null }, orderBy: { createdAt: "desc" }, take: 1, select: { node } },
        dedicatedServers: { orderBy: { reservedAt: "desc" }, take: 1, select: { node } },
      },
    }),
    db.service.count({ where }),
  ]);
  const addresses = await primaryAddressesOf(
    db,
    services.map((s) => s.id),
  );
  return {
    rows: services.map((s) => ({
      id: s.id,
      name: s.name,
      hostname: s.hostname,
      status: s.status,
      account: s.account,
      product: s.product,
      node: s.virtualMachines[0]?.node ?? s.dedicatedServers[0]?.node ?? null,
      location: s.location,
      primaryAddress: addresses.get(s.id) ?? null,
      createdAt: s.createdAt,
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / SERVICES_PAGE_SIZE)),
    filters,
  };
}

/** What the filter form offers: every product, node and location by name. */
export async function listAdminServiceFilterChoices({ db }: OperatorContext): Promise<{
  products: Array<{ id: string; name: string }>;
  nodes: Array<{ id: string; name: string }>;
  locations: Array<{ id: string; name: string }>;
}> {
  const byName = { orderBy: [{ name: "asc" as const }, { id: "asc" as const }], select: { id: true, name: true } };
  const [products, nodes, locations] = await Promise.all([db.product.findMany(byName), db.node.findMany(byName), db.location.findMany(byName)]);
  return { products, nodes, locations };
}

import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { backendOf } from "./service-controls";
import { assertControlAllowed } from "./service-rules";
import type { ScopedService } from "./find-scoped-service-or-throw";
import { NO_REMOTE_CONTROLS } from "./lifecycle/change-service-power";

export interface OsTemplate {
  id: string;
  name: string;
  slug: string;
  family: string;
  distro: string;
  version: string;
  isDefault: boolean;
}

/** The images a service can be reinstalled with: the product's enabled images, default first. */
export async function listOsTemplates(db: Db, service: ScopedService): Promise<{ backend: "vps" | "dedicated"; templates: OsTemplate[] }> {
  const backend = backendOf(service.product);
  if (!backend) throw new DomainError("invalid", NO_REMOTE_CONTROLS);
  assertControlAllowed(service.status, "os_templates");
  const rows = await db.productOsImage.findMany({ where: { productId: service.productId, osImage: { enabled: true } }, include: { osImage: true } });
  rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.osImage.name.localeCompare(b.osImage.name));
  return {
    backend,
    templates: rows.map((r) => ({ id: r.osImage.id, name: r.osImage.name, slug: r.osImage.slug, family: r.osImage.family, distro: r.osImage.distro, version: r.osImage.version, isDefault: r.isDefault })),
  };
}

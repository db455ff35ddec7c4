import { DomainError } from "@/lib/errors/domain-error";
import { backendOf } from "./service-controls";
import { assertControlAllowed } from "./service-rules";
import { serviceInScopeOrThrow, type ServiceContext } from "./service-context";
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

/** The images one of the actor's services can be reinstalled with (404 outside the scope): the product's enabled images, default first. */
export async function listOsTemplates(ctx: ServiceContext, input: { serviceId: string }): Promise<{ backend: "vps" | "dedicated"; templates: OsTemplate[] }> {
  const service = await serviceInScopeOrThrow(ctx, input.serviceId);
  const backend = backendOf(service.product);
  if (!backend) throw new DomainError("invalid", NO_REMOTE_CONTROLS);
  assertControlAllowed(service.status, "os_templates");
  const rows = await ctx.db.productOsImage.findMany({ where: { productId: service.productId, osImage: { enabled: true } }, include: { osImage: true } });
  rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.osImage.name.localeCompare(b.osImage.name));
  return {
    backend,
    templates: rows.map((r) => ({ id: r.osImage.id, name: r.osImage.name, slug: r.osImage.slug, family: r.osImage.family, distro: r.osImage.distro, version: r.osImage.version, isDefault: r.isDefault })),
  };
}

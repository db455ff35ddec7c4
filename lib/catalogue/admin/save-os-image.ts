import { z } from "zod";
import { fieldError, isUniqueViolation, parseInput, zCheckbox, zOptionalText, zSlug, zText } from "@/lib/admin/form-input";
import type { OperatorContext } from "@/lib/admin/operator-context";
import { DomainError } from "@/lib/errors/domain-error";

export const osImageInputSchema = z.object({
  name: zText("image name", 120),
  slug: zSlug("slug"),
  family: zText("family (e.g. linux, windows)", 40),
  distro: zText("distribution (e.g. ubuntu)", 60),
  version: zText("version", 40),
  logoUrl: zOptionalText(500),
  orderable: zCheckbox,
  enabled: zCheckbox,
});

export type OsImageInput = z.input<typeof osImageInputSchema>;

const slugTaken = (slug: string) => fieldError("slug", `Another OS image already uses the slug “${slug}”.`);

export async function createOsImage({ db }: OperatorContext, input: OsImageInput) {
  const d = parseInput(osImageInputSchema, input);
  try {
    return await db.osImage.create({ data: d });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(d.slug);
    throw error;
  }
}

export async function updateOsImage({ db }: OperatorContext, { osImageId, osImage }: { osImageId: string; osImage: OsImageInput }) {
  const d = parseInput(osImageInputSchema, osImage);
  try {
    const updated = await db.osImage.updateMany({ where: { id: osImageId }, data: d });
    if (updated.count === 0) throw new DomainError("not_found", "OS image not found");
    return db.osImage.findUniqueOrThrow({ where: { id: osImageId } });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(d.slug);
    throw error;
  }
}

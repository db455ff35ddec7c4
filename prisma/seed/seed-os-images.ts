import type { Tx } from "@/lib/db/client";

export const DEMO_OS_IMAGES = [
  { slug: "debian-12", name: "Debian 12 (Bookworm)", family: "linux", distro: "debian", version: "12" },
  { slug: "ubuntu-24-04", name: "Ubuntu 24.04 LTS", family: "linux", distro: "ubuntu", version: "24.04" },
  { slug: "almalinux-9", name: "AlmaLinux 9", family: "linux", distro: "almalinux", version: "9" },
  { slug: "windows-server-2022", name: "Windows Server 2022 Standard", family: "windows", distro: "windows-server", version: "2022" },
] as const;

export type DemoOsImageSlug = (typeof DEMO_OS_IMAGES)[number]["slug"];

/** Returns image ids by slug. All four are orderable; which product offers which is in demo-products.ts. */
export async function seedOsImages(tx: Tx): Promise<Record<DemoOsImageSlug, string>> {
  const ids = {} as Record<DemoOsImageSlug, string>;
  for (const image of DEMO_OS_IMAGES) {
    ids[image.slug] = (await tx.osImage.create({ data: { ...image, orderable: true, enabled: true } })).id;
  }
  return ids;
}

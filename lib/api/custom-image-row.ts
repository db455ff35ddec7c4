import { z } from "zod";
import type { CustomImageView } from "@/lib/services/images/custom-image-view";

/**
 * One image row for both APIs: the customer API's "Custom image" fields (the reseller document leaves
 * its rows unspecified beyond `status`), plus `description`, `progress` (0-100 while capturing),
 * `source_service_id` and `created_at`.
 */
export const imageRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  source_url: z.string().nullable(),
  source_sha256: z.string().nullable(),
  os_family: z.string(),
  source_kind: z.enum(["capture", "url"]),
  status: z.enum(["capturing", "available", "error"]),
  size_bytes: z.number().nullable(),
  virtual_size_bytes: z.number().nullable(),
  progress: z.number().nullable(),
  source_service_id: z.string().nullable(),
  available_at: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});

export function imageRowJson(i: CustomImageView): z.infer<typeof imageRowSchema> {
  return {
    id: i.id,
    name: i.name,
    description: i.description,
    source_url: i.sourceUrl,
    source_sha256: i.sourceSha256,
    os_family: i.osFamily,
    source_kind: i.sourceKind,
    status: i.status,
    size_bytes: i.sizeBytes,
    virtual_size_bytes: i.virtualSizeBytes,
    progress: i.progress,
    source_service_id: i.sourceServiceId,
    available_at: i.availableAt?.toISOString() ?? null,
    error: i.error,
    created_at: i.createdAt.toISOString(),
  };
}

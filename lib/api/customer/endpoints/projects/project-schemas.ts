import { z } from "zod";
import type { ProjectActor } from "@/lib/projects/project-actor";
import type { CustomerAuth } from "../../customer-auth";
import { customerServiceScope } from "../services/customer-service-scope";

export const projectRecordSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  colour: z.string().nullable(),
  is_default: z.boolean(),
  service_count: z.number().int(),
  ssh_key_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const projectRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });

/** The request's project actor: the account, narrowed to the request's project; bound keys cannot manage projects. */
export const customerProjectActor = (auth: CustomerAuth): ProjectActor & { serviceScope: ReturnType<typeof customerServiceScope> } => ({
  accountId: auth.accountId,
  scopedProjectId: auth.project?.id ?? null,
  bound: auth.boundProject !== null,
  serviceScope: customerServiceScope(auth),
});

export const BOUND_KEY_NOTE = "A key bound to a project sees only that project and cannot create, rename, delete or move projects (403).";

import { z } from "zod";
import { createProject, updateProject } from "@/lib/projects/save-project";
import { deleteProject } from "@/lib/projects/delete-project";
import { getProject, listProjects } from "@/lib/projects/list-projects";
import { MAX_SERVICES_PER_MOVE, moveServicesToProject } from "@/lib/projects/move-services-to-project";
import { projectColourSchema, projectDescriptionSchema, projectNameSchema, projectSlugSchema } from "@/lib/projects/project-rules";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { BOUND_KEY_NOTE, customerProjectActor, projectRecordSchema, projectRefSchema } from "./project-schemas";

export const listProjectsEndpoint = defineEndpoint({
  method: "GET",
  path: "/projects",
  scope: "read",
  access: "projects:view",
  tag: "projects",
  summary: "List the account's projects",
  description:
    "`data` is the array, the `default` project first (it holds everything not assigned to another project). Projects are a visibility " +
    "boundary inside one account, not a billing boundary. Narrowed by `X-Project-Id` / a bound key to that project.",
  response: z.array(projectRecordSchema),
  async handler({ auth, db, now }) {
    return listProjects({ db, now, actor: customerProjectActor(auth) });
  },
});

export const getProjectEndpoint = defineEndpoint({
  method: "GET",
  path: "/projects/{id}",
  scope: "read",
  access: "projects:view",
  tag: "projects",
  summary: "One project",
  response: projectRecordSchema,
  async handler({ auth, db, now, params }) {
    return getProject({ db, now, actor: customerProjectActor(auth) }, { ref: params.id });
  },
});

export const createProjectEndpoint = defineEndpoint({
  method: "POST",
  path: "/projects",
  scope: "services",
  access: "projects:manage",
  tag: "projects",
  status: 201,
  summary: "Create a project",
  description: `\`{name, slug}\` (slug derived from the name when left out; lowercase letters, digits, hyphens; unique per account: 409). Optional \`description\`, \`colour\` (#rrggbb). ${BOUND_KEY_NOTE}`,
  body: z.object({
    name: projectNameSchema,
    slug: projectSlugSchema.optional(),
    description: projectDescriptionSchema.nullable().optional(),
    colour: projectColourSchema.nullable().optional(),
  }),
  response: projectRecordSchema,
  async handler({ auth, db, now, body }) {
    return reply(await createProject({ db, now, actor: customerProjectActor(auth) }, body), { status: 201, message: "Project created" });
  },
});

export const updateProjectEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/projects/{id}",
  scope: "services",
  access: "projects:manage",
  tag: "projects",
  summary: "Rename a project or change its slug, description or colour",
  description: `Any of \`name\`, \`slug\`, \`description\`, \`colour\` (null clears the last two). The default project keeps its name and slug (400). ${BOUND_KEY_NOTE}`,
  body: z
    .object({
      name: projectNameSchema.optional(),
      slug: projectSlugSchema.optional(),
      description: projectDescriptionSchema.nullable().optional(),
      colour: projectColourSchema.nullable().optional(),
    })
    .refine((b) => Object.values(b).some((v) => v !== undefined), { message: "Send at least one of name, slug, description, colour" }),
  response: projectRecordSchema,
  async handler({ auth, db, now, params, body }) {
    return reply(await updateProject({ db, now, actor: customerProjectActor(auth) }, { ref: params.id, patch: body }), { message: "Project updated" });
  },
});

export const deleteProjectEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/projects/{id}",
  scope: "destructive",
  access: "projects:delete",
  tag: "projects",
  summary: "Delete a project",
  description:
    "409 with a count while it holds resources (services not terminated, SSH keys), unless `?reassignTo=<id|slug>` names the project they " +
    "move to (unknown: 400 UNKNOWN_PROJECT). Terminated services and orders follow to `reassignTo`, else to the default project. 409 while " +
    `API keys are bound to it (a key's project is for life: revoke them first). The default project cannot be deleted (400). ${BOUND_KEY_NOTE}`,
  query: z.object({ reassignTo: z.string().trim().min(1).max(100).optional() }),
  response: z.object({
    id: z.string(),
    deleted: z.literal(true),
    reassigned_to: projectRefSchema.nullable(),
    moved: z.object({ services: z.number().int(), ssh_keys: z.number().int() }),
  }),
  async handler({ auth, db, now, params, query }) {
    return reply(await deleteProject({ db, now, actor: customerProjectActor(auth) }, { ref: params.id, reassignTo: query.reassignTo ?? null }), { message: "Project deleted" });
  },
});

export const moveServicesEndpoint = defineEndpoint({
  method: "POST",
  path: "/projects/{id}/move",
  scope: "services",
  access: "projects:manage",
  tag: "projects",
  summary: "Move services into the project",
  description: `\`{services: [ids]}\` (1–${MAX_SERVICES_PER_MOVE}). Ids that name no service you can see are reported in \`skipped\`; the rest are in \`moved\`. ${BOUND_KEY_NOTE}`,
  body: z.object({ services: z.array(z.string().max(100)).min(1, "Name at least one service").max(MAX_SERVICES_PER_MOVE) }),
  response: z.object({ project: projectRefSchema, moved: z.array(z.string()), skipped: z.array(z.string()) }),
  async handler({ auth, db, now, params, body }) {
    const result = await moveServicesToProject({ db, now, actor: customerProjectActor(auth) }, { projectRef: params.id, serviceIds: body.services });
    return reply(result, { message: `${result.moved.length} moved, ${result.skipped.length} skipped` });
  },
});

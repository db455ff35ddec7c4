import { z } from "zod";
import { resolveProject } from "@/lib/orders/order-context";
import { deleteCustomImage } from "@/lib/services/images/delete-custom-image";
import { getCustomImage, listCustomImages } from "@/lib/services/images/list-custom-images";
import { registerCustomImage } from "@/lib/services/images/register-custom-image";
import { imageRowJson, imageRowSchema } from "../../../custom-image-row";
import { refusalInRequestNames, registerImageBody, registerImageInput } from "./custom-image-body";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext } from "../services/customer-service-scope";

export const listCustomImagesEndpoint = defineEndpoint({
  method: "GET",
  path: "/custom-images",
  scope: "read",
  access: "services:view",
  tag: "custom-images",
  summary: "List your custom images",
  description: "Newest first; `data` is the array. Narrowed to the request's project like services. Captures show `capturing` until ready (poll every 15-30 s).",
  response: z.array(imageRowSchema),
  async handler({ auth, db, now }) {
    return (await listCustomImages(customerServiceContext(auth, db, now))).map(imageRowJson);
  },
});

export const getCustomImageEndpoint = defineEndpoint({
  method: "GET",
  path: "/custom-images/{id}",
  scope: "read",
  access: "services:view",
  tag: "custom-images",
  summary: "One custom image",
  response: imageRowSchema,
  async handler({ auth, db, now, params }) {
    return imageRowJson(await getCustomImage(customerServiceContext(auth, db, now), { imageId: params.id }));
  },
});

export const createCustomImageEndpoint = defineEndpoint({
  method: "POST",
  path: "/custom-images",
  scope: "services",
  access: "services:manage",
  tag: "custom-images",
  status: 201,
  summary: "Register an image by URL",
  description:
    "`{name, sourceUrl, sha256, osFamily?, virtual_size_bytes?, description?, projectId?}` (`source_url`, `source_sha256` and `os_family` are " +
    "accepted as aliases; one field sent both ways with different values is 400). `sourceUrl` must be `https://` and reach a " +
    "public host: loopback, private, link-local and other non-public addresses (also as IPv4-mapped IPv6 or decimal IPv4) are refused with 400, " +
    "here and again when a VPS is ordered from the image. `sha256` (64 hex) is required; the node checks the file against it when it " +
    "builds a VPS. `osFamily` `linux` (default), `windows` or `bsd`. The image is `available` at once. 409 when the account's image cap is reached.",
  body: registerImageBody,
  response: imageRowSchema,
  async handler({ auth, db, now, body }) {
    const projectId = await resolveProject(db, auth.accountId, {
      kind: "customer",
      accountId: auth.accountId,
      projectRef: body.projectId ?? null,
      scopedProjectId: auth.project?.id ?? null,
      projectBound: auth.project?.bound ?? false,
    });
    const image = await registerCustomImage(customerServiceContext(auth, db, now), {
      projectId,
      name: body.name,
      description: body.description,
      ...registerImageInput(body),
      virtualSizeBytes: body.virtual_size_bytes,
    }).catch((error: unknown) => Promise.reject(refusalInRequestNames(error, body)));
    return imageRowJson(image);
  },
});

export const deleteCustomImageEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/custom-images/{id}",
  scope: "services",
  access: "services:manage",
  tag: "custom-images",
  summary: "Delete a custom image",
  description: "Machines already built from it are untouched. A capture still running is 409.",
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler({ auth, db, now, params }) {
    const { id } = await deleteCustomImage(customerServiceContext(auth, db, now), { imageId: params.id });
    return { id, deleted: true as const };
  },
});

import { z } from "zod";
import { captureServiceImage } from "@/lib/services/images/capture-service-image";
import { deleteCustomImage } from "@/lib/services/images/delete-custom-image";
import { listCustomImages } from "@/lib/services/images/list-custom-images";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";
import { resellerServiceContext } from "../services/reseller-service-scope";
import { imageRowJson, imageRowSchema } from "../../../custom-image-row";

export const captureServiceEndpoint = defineEndpoint({
  method: "POST",
  path: "/services/{serviceId}/capture",
  scope: "services",
  signed: true,
  status: 202,
  tag: "images",
  summary: "Capture a VPS into a reusable image",
  description:
    "`{name?, description?}` (name 1-120 characters; default `<hostname>-YYYYMMDD`). 202 with the image (`status: capturing`) and `jobId`; " +
    "poll `GET /images` until `available` (or `error`). The server keeps running. The image is stored on the node the server runs on, so " +
    "deployments from it are built there. Refusals: not a VPS 400; suspended or terminated 403; no machine yet 404; still building 409; " +
    "another disk job (backup, restore, reinstall, capture) on the VM 409; image cap 409.",
  body: z.object({ name: z.string().max(120, { error: "name must be at most 120 characters" }).nullish(), description: z.string().max(500).nullish() }),
  response: z.object({ image: imageRowSchema, jobId: z.string() }),
  async handler({ auth, db, now, params, body }) {
    const { image, job } = await captureServiceImage(resellerServiceContext(auth, db, now), { serviceId: params.serviceId, name: body.name, description: body.description });
    return reply({ image: imageRowJson(image), jobId: job.id }, { message: "Capture started" });
  },
});

export const listImagesEndpoint = defineEndpoint({
  method: "GET",
  path: "/images",
  scope: "read",
  signed: false,
  tag: "images",
  summary: "Images held, newest first",
  description: "Captures (and images the account registered through the customer API). `status` is `capturing` until ready: poll every 15-30 s.",
  response: z.array(imageRowSchema),
  async handler({ auth, db, now }) {
    return (await listCustomImages(resellerServiceContext(auth, db, now))).map(imageRowJson);
  },
});

export const deleteImageEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/images/{imageId}",
  scope: "services",
  signed: true,
  tag: "images",
  summary: "Delete an image",
  description: "Stops its storage charge; servers already built from it are untouched. A capture still running is 409; not yours 404.",
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  async handler({ auth, db, now, params }) {
    const { id } = await deleteCustomImage(resellerServiceContext(auth, db, now), { imageId: params.imageId });
    return reply({ id, deleted: true as const }, { message: "Image deleted" });
  },
});

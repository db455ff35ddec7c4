import { z } from "zod";
import { assertCaptureOffered, captureServiceImage } from "@/lib/services/images/capture-service-image";
import { reply } from "../../../reply";
import { imageRowJson, imageRowSchema } from "../../../custom-image-row";
import { defineEndpoint } from "../../define-endpoint";
import { customerServiceContext, findCustomerVpsOrThrow, requestBackend } from "../services/customer-service-scope";

export const captureVpsEndpoint = defineEndpoint({
  method: "POST",
  path: "/vps/{id}/capture",
  scope: "services",
  access: "services:manage",
  module: "nativeVps",
  tag: "vps",
  status: 202,
  summary: "Capture the VPS's disk into a custom image",
  description:
    "`{name, description?}` (name 1-120 characters). 202 `{image, job_id}`: the image is `capturing`, then `available` or `error` " +
    "(poll `GET /custom-images/{id}` every 15-30 s); the VM keeps running. Order of evaluation: scope, permission, billing state " +
    "(suspended or terminated: 403), capture offered (403), 400 for the body, 404 no instance yet, 409 still building, another disk job " +
    "(snapshot, capture or reinstall) or the account's image cap.",
  body: z.object({ name: z.string({ error: "name is required" }).max(200), description: z.string().max(500).nullish() }),
  response: z.object({ image: imageRowSchema, job_id: z.string() }),
  async guard({ auth, db, now, params }) {
    await assertCaptureOffered(requestBackend(db, now), await findCustomerVpsOrThrow(db, auth, params.id));
  },
  async handler({ auth, db, now, params, body }) {
    const { image, job } = await captureServiceImage(customerServiceContext(auth, db, now, "vps"), {
      serviceId: params.id,
      name: body.name,
      description: body.description,
      requireName: true,
    });
    return reply({ image: imageRowJson(image), job_id: job.id }, { message: "Capture started" });
  },
});

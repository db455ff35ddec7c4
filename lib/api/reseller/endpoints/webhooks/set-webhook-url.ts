import { z } from "zod";
import { WEBHOOK_URL_MAX_LENGTH } from "@/lib/webhooks/check-webhook-url";
import { setWebhookUrl as setResellerWebhookUrl } from "@/lib/webhooks/webhook-url";
import { reply } from "../../../reply";
import { defineEndpoint } from "../../define-endpoint";

export const setWebhookUrlEndpoint = defineEndpoint({
  method: "PUT",
  path: "/account/webhook",
  scope: "account",
  signed: true,
  tag: "webhooks",
  summary: "Set the webhook URL (null clears it)",
  description:
    "An absolute `http://` or `https://` URL whose host is public: private, loopback, link-local, multicast, " +
    "carrier-grade NAT, documentation and other special addresses are refused, as are IPv6 forms embedding an IPv4 " +
    "address, and names that resolve to any such address. `400 Webhook URL host could not be resolved` when the host " +
    "does not resolve. The address is checked again at every delivery. `{\"webhookUrl\": null}` clears the URL: events " +
    "raised while no URL is on file are dropped.",
  body: z.object({
    webhookUrl: z.string().max(WEBHOOK_URL_MAX_LENGTH + 64).nullable(),
  }),
  response: z.object({ webhookUrl: z.string().nullable() }),
  async handler({ auth, db, now, body }) {
    const result = await setResellerWebhookUrl({ db, now, actor: { resellerId: auth.resellerId } }, { webhookUrl: body.webhookUrl });
    return reply(result, { message: result.webhookUrl ? "Webhook URL saved" : "Webhook URL cleared" });
  },
});

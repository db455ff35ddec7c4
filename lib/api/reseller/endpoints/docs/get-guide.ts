import { guideEndpoints } from "../../../guide-endpoints";
import { defineEndpoint } from "../../define-endpoint";
import { renderResellerGuide } from "../../guide";

export const { getGuideEndpoint, getGuideHtmlEndpoint } = guideEndpoints(defineEndpoint, {
  render: renderResellerGuide,
  title: "Rackfront reseller API — usage guide",
  covers: "authentication, signing with a worked example, errors, pagination, limits, webhooks",
});

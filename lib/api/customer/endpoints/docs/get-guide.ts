import { guideEndpoints } from "../../../guide-endpoints";
import { defineEndpoint } from "../../define-endpoint";
import { renderCustomerGuide } from "../../guide";

export const { getGuideEndpoint, getGuideHtmlEndpoint } = guideEndpoints(defineEndpoint, {
  render: renderCustomerGuide,
  title: "Rackfront customer API — usage guide",
  covers: "authentication, errors, pagination, limits, idempotency",
});

import { markdownResponse } from "../../../openapi/render-docs-html";
import { defineEndpoint } from "../../define-endpoint";
import { renderResellerGuide } from "../../guide";

export const getGuideEndpoint = defineEndpoint({
  method: "GET",
  path: "/guide.md",
  scope: null,
  signed: false,
  tag: "docs",
  operationId: "getGuide",
  produces: "text/markdown",
  summary: "Usage guide in Markdown: authentication, signing with a worked example, errors, pagination, limits, webhooks (no key needed)",
  async handler({ baseUrl }) {
    return markdownResponse(renderResellerGuide(baseUrl));
  },
});

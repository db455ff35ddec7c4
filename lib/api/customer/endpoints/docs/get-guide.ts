import { markdownResponse } from "../../../openapi/render-docs-html";
import { defineEndpoint } from "../../define-endpoint";
import { renderCustomerGuide } from "../../guide";

export const getGuideEndpoint = defineEndpoint({
  method: "GET",
  path: "/guide.md",
  scope: null,
  tag: "docs",
  operationId: "getGuide",
  produces: "text/markdown",
  summary: "Usage guide in Markdown: authentication, errors, pagination, limits, idempotency (no key needed)",
  async handler({ baseUrl }) {
    return markdownResponse(renderCustomerGuide(baseUrl));
  },
});

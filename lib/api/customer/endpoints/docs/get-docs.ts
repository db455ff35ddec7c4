import { htmlResponse, renderDocsHtml } from "../../../openapi/render-docs-html";
import { defineEndpoint } from "../../define-endpoint";
import { buildCustomerOpenApi } from "../../openapi";

export const getDocsEndpoint = defineEndpoint({
  method: "GET",
  path: "/docs",
  scope: null,
  tag: "docs",
  operationId: "getDocs",
  produces: "text/html",
  example: "<!doctype html>\n<html lang=\"en\">…</html>",
  summary: "This API's reference as HTML (no key needed)",
  async handler({ api, baseUrl }) {
    const doc = buildCustomerOpenApi(api, baseUrl);
    return htmlResponse(renderDocsHtml(doc, { openapi: `${baseUrl}/openapi.json`, guide: `${baseUrl}/guide`, guideMarkdown: `${baseUrl}/guide.md` }));
  },
});

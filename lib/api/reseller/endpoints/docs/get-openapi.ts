import { openApiResponse } from "../../../openapi/render-docs-html";
import { defineEndpoint } from "../../define-endpoint";
import { buildResellerOpenApi } from "../../openapi";

export const getOpenApiEndpoint = defineEndpoint({
  method: "GET",
  path: "/openapi.json",
  scope: null,
  signed: false,
  tag: "docs",
  operationId: "getOpenApi",
  produces: "application/json",
  example: { openapi: "3.1.0", info: { title: "…", version: "…" }, paths: {} },
  summary: "This API as an OpenAPI 3.1 document (no key needed)",
  async handler({ api, baseUrl }) {
    return openApiResponse(buildResellerOpenApi(api, baseUrl));
  },
});

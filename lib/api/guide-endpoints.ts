import { htmlResponse, markdownResponse, renderGuideHtml } from "./openapi/render-docs-html";
import type { Endpoint, endpointFactory } from "./define-endpoint";

/**
 * Both APIs' usage guide, as Markdown (`/guide.md`) and as HTML with Copy buttons (`/guide`): the same
 * two endpoints over each API's own guide text. No key needed; GETs are never signed.
 */
export function guideEndpoints<Auth, Scope extends string>(defineEndpoint: ReturnType<typeof endpointFactory<Auth, Scope>>, guide: { render: (baseUrl: string) => string; title: string; covers: string }): { getGuideEndpoint: Endpoint<Auth, Scope>; getGuideHtmlEndpoint: Endpoint<Auth, Scope> } {
  const getGuideEndpoint = defineEndpoint({
    method: "GET",
    path: "/guide.md",
    scope: null,
    tag: "docs",
    operationId: "getGuide",
    produces: "text/markdown",
    example: `# ${guide.title}\n\nBase URL: …`,
    summary: `Usage guide in Markdown: ${guide.covers} (no key needed)`,
    async handler({ baseUrl }) {
      return markdownResponse(guide.render(baseUrl));
    },
  });
  const getGuideHtmlEndpoint = defineEndpoint({
    method: "GET",
    path: "/guide",
    scope: null,
    tag: "docs",
    operationId: "getGuideHtml",
    produces: "text/html",
    example: '<!doctype html>\n<html lang="en">…</html>',
    summary: "The usage guide as HTML, with a Copy button on every example (no key needed)",
    async handler({ api, baseUrl }) {
      const links = { docs: `${baseUrl}/docs`, guideMarkdown: `${baseUrl}/guide.md`, openapi: `${baseUrl}/openapi.json` };
      return htmlResponse(renderGuideHtml(guide.render(baseUrl), api, links));
    },
  });
  return { getGuideEndpoint, getGuideHtmlEndpoint };
}

import { describe, expect, it } from "vitest";
import { renderInline, renderMarkdown } from "./render-markdown";

describe("renderMarkdown", () => {
  it("escapes every piece of text: a guide carrying <script> shows it as text, in prose, code, tables and headings", () => {
    const md = [
      "# Title <script>alert(1)</script>",
      "",
      "Some <script>alert(2)</script> text with `<script>alert(3)</script>` and **<b>bold</b>**.",
      "",
      "| a | b |",
      "|---|---|",
      "| <img src=x onerror=alert(4)> | `x|y` |",
      "",
      "```html",
      "<script>alert(5)</script>",
      "```",
      "",
      '- [click](javascript:alert`6`) and [" onmouseover="alert(7)](https://example.com/"onmouseover=x)',
    ].join("\n");
    const { html } = renderMarkdown(md);
    expect(html).not.toMatch(/<script|<img|<b>|href="javascript|" onmouseover/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("<code>&lt;script&gt;alert(3)&lt;/script&gt;</code>");
    expect(html).toContain("<strong>&lt;b&gt;bold&lt;/b&gt;</strong>");
    expect(html).toContain("<td>&lt;img src=x onerror=alert(4)&gt;</td><td><code>x|y</code></td>");
    expect(html).toContain('<pre><code class="language-html">&lt;script&gt;alert(5)&lt;/script&gt;</code></pre>');
    expect(html).toContain("<li>click and");
  });

  it("headings get ids (unique), ## ones make the contents; a preceding <a id> is kept as the anchor", () => {
    const { html, sections } = renderMarkdown('# Guide\n\n## Limits\n\n### Limits\n\n<a id="signature-v2"></a>\n## Signature v2\n\n<a id="x" onclick="y"></a>');
    expect(html).toContain('<h1 id="guide">Guide</h1>');
    expect(html).toContain('<h2 id="limits">Limits</h2>');
    expect(html).toContain('<h3 id="limits-2">Limits</h3>');
    expect(html).toContain('<a id="signature-v2"></a>\n<h2 id="signature-v2">Signature v2</h2>');
    expect(html).toContain("&lt;a id=&quot;x&quot; onclick=&quot;y&quot;&gt;&lt;/a&gt;");
    expect(sections).toEqual([
      { id: "limits", text: "Limits" },
      { id: "signature-v2", text: "Signature v2" },
    ]);
  });

  it("lists: items continue on indented lines and hold nested lists, tables and code; ordered lists; a blank line between items keeps one list", () => {
    const md = [
      "- **Hourly** window per key: default",
      "  1000 requests.",
      "  - nested `one`",
      "  - nested two",
      "",
      "  | Action | Allowed |",
      "  |---|---|",
      "  | power | 10 per minute |",
      "",
      "  ```sh",
      "  curl -s https://example.com/",
      "  ```",
      "",
      "- second item",
      "",
      "1. first",
      "2. second",
      "",
      "After.",
    ].join("\n");
    const { html } = renderMarkdown(md);
    expect(html).toBe(
      [
        "<ul><li><p><strong>Hourly</strong> window per key: default\n1000 requests.</p>",
        "<ul><li>nested <code>one</code></li><li>nested two</li></ul>",
        '<div class="table"><table><thead><tr><th>Action</th><th>Allowed</th></tr></thead><tbody><tr><td>power</td><td>10 per minute</td></tr></tbody></table></div>',
        '<div class="code"><button type="button" class="copy" aria-label="Copy code">Copy</button><pre><code class="language-sh">curl -s https://example.com/</code></pre></div></li><li>second item</li></ul>',
        "<ol><li>first</li><li>second</li></ol>",
        "<p>After.</p>",
      ].join("\n"),
    );
  });

  it("fenced code keeps its text as it is, blank lines and indentation included", () => {
    const { html } = renderMarkdown("```js\nif (a && b) {\n\n    call(\"x\");\n}\n```");
    expect(html).toBe('<div class="code"><button type="button" class="copy" aria-label="Copy code">Copy</button><pre><code class="language-js">if (a &amp;&amp; b) {\n\n    call(&quot;x&quot;);\n}</code></pre></div>');
  });
});

describe("renderInline", () => {
  it("links only to the web, this site or an anchor; code inside link text and bold across lines", () => {
    expect(renderInline("[`/docs`](https://x.example/v1/docs)")).toBe('<a href="https://x.example/v1/docs"><code>/docs</code></a>');
    expect(renderInline("[here](/v1/guide#limits) [top](#top) [bad](//evil.example) [worse](data:text/html,x)")).toBe(
      '<a href="/v1/guide#limits">here</a> <a href="#top">top</a> bad worse',
    );
    expect(renderInline("**require\n`X-Reseller-Timestamp`** on v1")).toBe("<strong>require\n<code>X-Reseller-Timestamp</code></strong> on v1");
    expect(renderInline("a ** b")).toBe("a ** b");
  });
});

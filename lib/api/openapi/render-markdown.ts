import { escapeHtml } from "./html-page";

/**
 * The Markdown of the usage guides as HTML: headings (with ids), paragraphs, `-` and `1.` lists
 * (items continue on lines indented under them and may hold lists, tables and code), tables,
 * fenced code blocks (each with a Copy button), and inline code, **bold** and [links](…).
 * Only what the guides use; every piece of text is escaped, so the guide can never inject markup.
 * The one HTML line the guides contain, `<a id="…"></a>`, becomes an anchor with a checked id.
 */
export interface RenderedMarkdown {
  html: string;
  /** The `##` headings, for a table of contents. */
  sections: { id: string; text: string }[];
}

const FENCE = /^```([\w-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const ANCHOR = /^<a id="([A-Za-z0-9_-]+)"><\/a>$/;
const LIST_ITEM = /^([-*]|\d+\.)\s+(.*)$/;
const TABLE_RULE = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

const isTableRow = (line: string) => line.trimStart().startsWith("|");
const indentOf = (line: string) => line.length - line.trimStart().length;

function slugOf(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/`/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}

/** A link target the guides may use: the web, this site, or an anchor. Anything else is not linked. */
const safeHref = (url: string) => (/^(https?:\/\/|\/(?!\/)|#)/i.test(url) ? url : null);

/** Inline Markdown: code spans first (their content is literal), then links and bold around them. */
export function renderInline(text: string): string {
  const token = /`([^`]+)`|\[((?:[^\]`]|`[^`]*`)+)\]\(([^()\s]+)\)|\*\*([\s\S]+?)\*\*/g;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(token)) {
    out += escapeHtml(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) out += `<code>${escapeHtml(m[1])}</code>`;
    else if (m[2] !== undefined) {
      const href = safeHref(m[3]!);
      out += href ? `<a href="${escapeHtml(href)}">${renderInline(m[2])}</a>` : renderInline(m[2]);
    } else out += `<strong>${renderInline(m[4]!)}</strong>`;
  }
  return out + escapeHtml(text.slice(last));
}

/** Splits a table row on `|` outside code spans. */
function cellsOf(row: string): string[] {
  const body = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  const cells: string[] = [];
  let cell = "";
  let inCode = false;
  for (const ch of body) {
    if (ch === "`") inCode = !inCode;
    if (ch === "|" && !inCode) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

export function codeBlock(code: string, lang = ""): string {
  const cls = lang ? ` class="language-${escapeHtml(lang)}"` : "";
  return `<div class="code"><button type="button" class="copy" aria-label="Copy code">Copy</button><pre><code${cls}>${escapeHtml(code)}</code></pre></div>`;
}

class Renderer {
  readonly sections: { id: string; text: string }[] = [];
  private readonly ids = new Set<string>();

  private uniqueId(base: string): string {
    let id = base;
    for (let n = 2; this.ids.has(id); n++) id = `${base}-${n}`;
    this.ids.add(id);
    return id;
  }

  blocks(lines: string[]): string {
    const out: string[] = [];
    let i = 0;
    const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || ANCHOR.test(line.trim()) || LIST_ITEM.test(line) || isTableRow(line);
    while (i < lines.length) {
      const line = lines[i]!;
      if (line.trim() === "") {
        i++;
        continue;
      }
      const fence = FENCE.exec(line);
      if (fence) {
        const code: string[] = [];
        for (i++; i < lines.length && lines[i]!.trim() !== "```"; i++) code.push(lines[i]!);
        i++;
        out.push(codeBlock(code.join("\n"), fence[1]));
        continue;
      }
      const anchor = ANCHOR.exec(line.trim());
      if (anchor) {
        this.ids.add(anchor[1]!);
        out.push(`<a id="${anchor[1]}"></a>`);
        i++;
        continue;
      }
      const heading = HEADING.exec(line);
      if (heading) {
        const level = heading[1]!.length;
        const text = heading[2]!;
        const base = slugOf(text);
        // A heading right after its own `<a id>` keeps that id rather than a second one.
        const id = this.ids.has(base) && out.at(-1) === `<a id="${base}"></a>` ? base : this.uniqueId(base);
        if (level === 2) this.sections.push({ id, text });
        out.push(`<h${level} id="${id}">${renderInline(text)}</h${level}>`);
        i++;
        continue;
      }
      if (isTableRow(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!.trim())) {
        const head = cellsOf(line);
        const rows: string[][] = [];
        for (i += 2; i < lines.length && isTableRow(lines[i]!); i++) rows.push(cellsOf(lines[i]!));
        out.push(
          `<div class="table"><table><thead><tr>${head.map((c) => `<th>${renderInline(c)}</th>`).join("")}</tr></thead><tbody>${rows
            .map((r) => `<tr>${r.map((c) => `<td>${renderInline(c)}</td>`).join("")}</tr>`)
            .join("")}</tbody></table></div>`,
        );
        continue;
      }
      const item = LIST_ITEM.exec(line);
      if (item) {
        const ordered = /\d/.test(item[1]![0]!);
        const items: string[] = [];
        while (i < lines.length) {
          const m = LIST_ITEM.exec(lines[i]!);
          if (!m || /\d/.test(m[1]![0]!) !== ordered) break;
          const width = lines[i]!.indexOf(m[2]!);
          const body = [m[2]!];
          for (i++; i < lines.length; i++) {
            const next = lines[i]!;
            if (next.trim() === "") {
              // A blank line ends the item unless what follows is indented under it.
              const after = lines.slice(i + 1).find((l) => l.trim() !== "");
              if (after !== undefined && indentOf(after) >= width) {
                body.push("");
                continue;
              }
              break;
            }
            if (indentOf(next) >= width) body.push(next.slice(width));
            else if (!startsBlock(next) && body.at(-1)?.trim()) body.push(next.trim());
            else break;
          }
          items.push(`<li>${this.itemHtml(body)}</li>`);
          // Items separated by a blank line still make one list.
          while (i < lines.length && lines[i]!.trim() === "" && LIST_ITEM.test(lines.slice(i).find((l) => l.trim() !== "") ?? "")) i++;
        }
        out.push(ordered ? `<ol>${items.join("")}</ol>` : `<ul>${items.join("")}</ul>`);
        continue;
      }
      const paragraph: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== "" && (paragraph.length === 0 || !startsBlock(lines[i]!)); i++) paragraph.push(lines[i]!.trim());
      out.push(`<p>${renderInline(paragraph.join("\n"))}</p>`);
    }
    return out.join("\n");
  }

  /** An item of one paragraph is shown without the paragraph's margins. */
  private itemHtml(body: string[]): string {
    const html = this.blocks(body);
    const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
    return single && !single[1]!.includes("<p>") ? single[1]! : html;
  }
}

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const renderer = new Renderer();
  const html = renderer.blocks(markdown.replace(/\r\n?/g, "\n").split("\n"));
  return { html, sections: renderer.sections };
}

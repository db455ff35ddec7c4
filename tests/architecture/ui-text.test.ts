import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// docs/ui-conventions.md: the pages show money, dates and text one way. This reads every source file
// of app/ and components/ (the TypeScript syntax tree, not a grep, so a rule is found in JSX and in
// template strings alike, and never in a comment) and refuses:
// - money put together by hand: an amount beside its currency code, `${amount} ${currency}` or
//   {amount} {currency}, instead of formatMoney / formatUnitMoney / formatPricePer;
// - dates put together by hand: toLocaleDateString, toLocaleTimeString, or toLocaleString with date
//   options, instead of formatDate / formatDateTime / formatRelativeTime / lib/format/chart-time;
// - a markdown backtick in text: people read "the data", not "`data`".

const root = path.resolve(import.meta.dirname, "../..");

type Rule = "money by hand" | "date by hand" | "backtick in text";

/**
 * Files that still break a rule, each with why it may for now. A file listed here that no longer
 * breaks it fails too, so the list only shrinks.
 */
const PENDING: Record<string, { rules: Rule[]; why: string }> = {};

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sources(file, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(file);
  }
  return out;
}

/** The currency of a money figure: an expression named like one (`currency`, `doc.currency`, `storage.currency`). */
const isCurrency = (node: ts.Node, source: ts.SourceFile) => /(^|\.)\w*currency$/i.test(node.getText(source).trim());
const DATE_OPTIONS = new Set(["day", "month", "year", "hour", "minute", "second", "weekday", "timeZone", "dateStyle", "timeStyle"]);

export function findings(file: string, text: string): { rule: Rule; line: number; excerpt: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { rule: Rule; line: number; excerpt: string }[] = [];
  const report = (rule: Rule, node: ts.Node) =>
    found.push({ rule, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, excerpt: node.getText(source).slice(0, 80) });

  const visit = (node: ts.Node) => {
    // `${amount} ${currency}` and `${currency} ${amount}`: two expressions with only spaces between.
    if (ts.isTemplateExpression(node)) {
      const spans = node.templateSpans;
      for (let i = 0; i + 1 < spans.length; i++) {
        const between = spans[i]!.literal.text;
        if (/^\s+$/.test(between) && isCurrency(spans[i]!.expression, source) !== isCurrency(spans[i + 1]!.expression, source)) report("money by hand", node);
      }
    }
    // {amount} {currency} in JSX: two expressions with only a space between.
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const children = node.children.filter((c) => !(ts.isJsxText(c) && c.containsOnlyTriviaWhiteSpaces && c.text.includes("\n")));
      for (let i = 0; i + 2 < children.length; i++) {
        const [a, gap, b] = [children[i]!, children[i + 1]!, children[i + 2]!];
        if (ts.isJsxExpression(a) && a.expression && ts.isJsxText(gap) && /^ +$/.test(gap.text) && ts.isJsxExpression(b) && b.expression && isCurrency(a.expression, source) !== isCurrency(b.expression, source)) {
          report("money by hand", a);
        }
      }
      for (let i = 0; i + 1 < children.length; i++) {
        const [a, b] = [children[i]!, children[i + 1]!];
        // {amount} {currency} written on one line as `{amount} {currency}`: JSX text " " is its own child only then; also `{a}{" "}{currency}`.
        if (ts.isJsxExpression(a) && a.expression && ts.isJsxExpression(b) && b.expression && ts.isStringLiteral(b.expression) && b.expression.text === " ") {
          const c = children[i + 2];
          if (c && ts.isJsxExpression(c) && c.expression && isCurrency(a.expression, source) !== isCurrency(c.expression, source)) report("money by hand", a);
        }
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const options = node.arguments[1];
      const dateOptions = options && ts.isObjectLiteralExpression(options) && options.properties.some((p) => p.name && ts.isIdentifier(p.name) && DATE_OPTIONS.has(p.name.text));
      if (method === "toLocaleDateString" || method === "toLocaleTimeString" || (method === "toLocaleString" && dateOptions)) report("date by hand", node);
    }
    // Text people read: string literals, template text, JSX text. Not regular expressions, not comments.
    const textOf =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? node.text : ts.isJsxText(node) ? node.text : null;
    if (textOf?.includes("`")) report("backtick in text", node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = ["app", "components"].flatMap((dir) => sources(path.join(root, dir)));

describe("UI text conventions", () => {
  it("finds what it looks for", () => {
    const sample = [
      "const a = `${amount} ${currency}`;",
      "const b = <p>{view.amount} {view.currency}</p>;",
      'const c = new Date(at).toLocaleString("en-GB", { timeZone: "UTC" });',
      "const d = <p>The `data` of it</p>;",
      'const e = "Use `POST /customers`";',
      "const f = <p>{total}{\" \"}{doc.currency}</p>;",
      "const ok1 = `Price (${currency})`;",
      "const ok2 = <p>{formatMoney(total, currency)}</p>;",
      'const ok3 = n.toLocaleString("en-GB");',
      "const ok4 = /`/;",
      "// a `comment`",
    ].join("\n");
    expect(findings("sample.tsx", sample).map((f) => `${f.line} ${f.rule}`)).toEqual([
      "1 money by hand",
      "2 money by hand",
      "3 date by hand",
      "4 backtick in text",
      "5 backtick in text",
      "6 money by hand",
    ]);
  });

  it("app/ and components/ format money and dates with lib/format and write no backticks", () => {
    const broken: string[] = [];
    const stillPending = new Set<string>();
    for (const file of files) {
      const rel = path.relative(root, file);
      for (const f of findings(rel, readFileSync(file, "utf8"))) {
        if (PENDING[rel]?.rules.includes(f.rule)) stillPending.add(`${rel} ${f.rule}`);
        else broken.push(`${rel}:${f.line} ${f.rule}: ${f.excerpt}`);
      }
    }
    expect(broken).toEqual([]);
    const expectedPending = Object.entries(PENDING).flatMap(([rel, p]) => p.rules.map((rule) => `${rel} ${rule}`));
    expect(expectedPending.filter((p) => !stillPending.has(p)), "no longer broken: remove from PENDING").toEqual([]);
  });
});

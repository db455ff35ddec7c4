import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";

// the customer API spec Bodies: `POST /custom-images` takes `{name, sourceUrl, sha256, osFamily?}`. The
// snake_case names the API answered with first (`source_url`, `source_sha256`, `os_family`, also the
// fields of the image row) stay accepted as aliases; one field given both ways with different values is 400.

/** Spec name → snake_case alias. */
const ALIASES = { sourceUrl: "source_url", sha256: "source_sha256", osFamily: "os_family" } as const;
type SpecName = keyof typeof ALIASES;
type Alias = (typeof ALIASES)[SpecName];
const PAIRS = Object.entries(ALIASES) as [SpecName, Alias][];

const given = (v: string | null | undefined): v is string => v !== undefined && v !== null;
/** How the domain compares the value: digests and families are case-insensitive, URLs are not. */
const comparable = (name: SpecName, v: string) => (name === "sourceUrl" ? v.trim() : v.trim().toLowerCase());

export const registerImageBody = z
  .object({
    name: z.string({ error: "name is required" }).max(200),
    sourceUrl: z.string().max(4096).nullish(),
    sha256: z.string().max(200).nullish(),
    osFamily: z.string().max(20).nullish(),
    source_url: z.string().max(4096).nullish().describe("Alias of sourceUrl"),
    source_sha256: z.string().max(200).nullish().describe("Alias of sha256"),
    os_family: z.string().max(20).nullish().describe("Alias of osFamily"),
    virtual_size_bytes: z.number().int().positive().max(64 * 1024 ** 4).nullish(),
    description: z.string().max(500).nullish(),
    projectId: z.string().max(100).nullish(),
  })
  .superRefine((b, ctx) => {
    for (const [spec, alias] of PAIRS) {
      const a = b[spec];
      const s = b[alias];
      if (given(a) && given(s) && comparable(spec, a) !== comparable(spec, s)) {
        ctx.addIssue({ code: "custom", path: [spec], message: `${spec} and ${alias} are the same field; they were sent with different values` });
      }
    }
    if (!given(b.sourceUrl) && !given(b.source_url)) {
      const field = fieldNames(b).source_url;
      ctx.addIssue({ code: "custom", path: [field], message: `${field} is required` });
    }
  })
  // The docs' example (lib/api/openapi/example-from-schema.ts): the fields the rules above require.
  .meta({
    examples: [
      {
        name: "debian-12-web",
        sourceUrl: "https://images.example.com/debian-12-web.qcow2",
        sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        osFamily: "linux",
      },
    ],
  });

export type RegisterImageBody = z.infer<typeof registerImageBody>;

/**
 * The name each field goes by in this request's refusals: as the client sent it; a field it did not
 * send, by the spec's name unless the body used only the snake_case ones.
 */
function fieldNames(b: Pick<RegisterImageBody, SpecName | Alias>): Record<Alias, string> {
  const snakeOnly = PAIRS.some(([, alias]) => given(b[alias])) && !PAIRS.some(([spec]) => given(b[spec]));
  return Object.fromEntries(PAIRS.map(([spec, alias]) => [alias, given(b[spec]) ? spec : given(b[alias]) || snakeOnly ? alias : spec])) as Record<Alias, string>;
}

/** The registration's input from either naming. */
export function registerImageInput(b: RegisterImageBody) {
  return { sourceUrl: (b.sourceUrl ?? b.source_url)!, sourceSha256: b.sha256 ?? b.source_sha256, osFamily: b.osFamily ?? b.os_family };
}

/**
 * A registration refusal naming its field as this request did: the domain names the snake_case
 * fields (`source_url must be an https:// URL`); a client that sent `sourceUrl` reads `sourceUrl …`.
 */
export function refusalInRequestNames(error: unknown, b: RegisterImageBody): unknown {
  if (!(error instanceof DomainError) || !error.details) return error;
  const names = fieldNames(b);
  const rename = (text: string) => {
    const alias = PAIRS.map(([, a]) => a).find((a) => text.startsWith(`${a} `));
    return alias ? `${names[alias]}${text.slice(alias.length)}` : text;
  };
  const details = error.details.map((d) => ({ field: Object.hasOwn(names, d.field) ? names[d.field as Alias] : d.field, message: rename(d.message) }));
  return new DomainError(error.kind, rename(error.message), { code: error.code, details });
}

import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngest } from "@/lib/jobs/client";
import { functions } from "@/lib/jobs/functions";
import { isInngestExternal } from "@/lib/jobs/is-inngest-external";

type Handler = (request: NextRequest, context: unknown) => Promise<Response>;

// In embedded mode the functions run in-process, and the SDK's handler would be in dev mode, which
// checks no signatures: it must not be reachable from outside, so every method answers 404.
const notFound: Handler = async () =>
  Response.json({ error: "Not found", message: "Background functions run in-process; no Inngest server is configured." }, { status: 404 });

const inngestHandler = isInngestExternal() ? serve({ client: inngest, functions }) : null;

export const GET: Handler = inngestHandler?.GET ?? notFound;
export const POST: Handler = inngestHandler?.POST ?? notFound;
export const PUT: Handler = inngestHandler?.PUT ?? notFound;

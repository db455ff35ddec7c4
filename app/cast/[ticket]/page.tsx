import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CastViewer } from "./cast-viewer";
import { openCastForRequest } from "./open-cast";
import { CAST_NOT_FOUND } from "@/lib/services/service-rules";

// A cast link is a credential: no referrer (proxy.ts sends Referrer-Policy too), not indexed
// (X-Robots-Tag from proxy.ts), nothing loaded from another origin.
export const metadata: Metadata = {
  title: "Console",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

/**
 * `/cast/<ticket>`: a server's console for anyone holding the link, no sign-in (proxy.ts lets
 * /cast/ through). Rendering it opens the cast: a fresh console session the viewer dials at once,
 * or none yet while the machine has no display (the viewer then asks again every few seconds).
 */
export default async function CastPage({ params }: { params: Promise<{ ticket: string }> }) {
  const { ticket } = await params;
  const view = await openCastForRequest(ticket);
  if (!view) notFound();

  return <CastViewer ticket={ticket} initial={view} notFoundSentence={CAST_NOT_FOUND} />;
}

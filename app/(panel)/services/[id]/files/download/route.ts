import type { NextRequest } from "next/server";
import { downloadGameFile } from "@/lib/game/files/download-game-file";
import { attachmentDisposition } from "../content-disposition";
import { fileReaderContext, refusalResponse } from "../file-route-access";

/** `GET /services/{id}/files/download?path=`: a file of the game server, streamed from its node. */
export async function GET(req: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const path = req.nextUrl.searchParams.get("path") ?? "";
  try {
    const file = await downloadGameFile(await fileReaderContext(), { serviceId: id, path });
    const headers: Record<string, string> = {
      "content-type": "application/octet-stream",
      "content-disposition": attachmentDisposition(file.name),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    };
    if (file.size !== null) headers["content-length"] = String(file.size);
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    return refusalResponse(error);
  }
}

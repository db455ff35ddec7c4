import { readBodyWithLimit } from "@/lib/api/read-body";
import type { ActionResult } from "@/lib/actions/action-result";
import { DomainError } from "@/lib/errors/domain-error";
import { gameFileOp, type GameFileOpResult } from "@/lib/game/files/game-file-op";
import { GAME_FILE_OP_MAX_BODY_BYTES, GAME_FILE_RULES } from "@/lib/game/files/game-file-rules";
import { crossSiteRefusal, fileWriterContext, refusalResponse } from "../file-route-access";

/**
 * `POST /services/{id}/files/upload` with `{path, name, content}` (content base64, at most 4 MiB
 * decoded): the file manager's upload. A route rather than a server action, whose body Next.js caps
 * at 1 MiB, and so the browser can show the upload's progress.
 */
export async function POST(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const { id } = await params;
  try {
    const ctx = await fileWriterContext();
    const read = await readBodyWithLimit(req, GAME_FILE_OP_MAX_BODY_BYTES);
    if (!read.ok) throw new DomainError("too_large", GAME_FILE_RULES.uploadTooLarge);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(read.bytes));
    } catch {
      throw new DomainError("invalid", "The upload was not valid JSON");
    }
    const data = await gameFileOp(ctx, { serviceId: id, op: "upload", body });
    return Response.json({ ok: true, data, message: `Uploaded ${data.path?.split("/").pop() ?? "the file"}` } satisfies ActionResult<GameFileOpResult>);
  } catch (error) {
    return refusalResponse(error);
  }
}

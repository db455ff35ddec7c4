import { documentPdfResponse } from "../../../document-pdf-response";

/** `GET /billing/proformas/{id}/pdf`: the proforma as a PDF download. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  return documentPdfResponse("proforma", params);
}

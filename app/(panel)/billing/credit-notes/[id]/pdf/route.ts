import { documentPdfResponse } from "../../../document-pdf-response";

/** `GET /billing/credit-notes/{id}/pdf`: the credit note as a PDF download. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  return documentPdfResponse("credit_note", params);
}

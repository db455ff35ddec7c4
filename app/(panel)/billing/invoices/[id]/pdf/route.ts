import { documentPdfResponse } from "../../../document-pdf-response";

/** `GET /billing/invoices/{id}/pdf`: the invoice as a PDF download. */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  return documentPdfResponse("invoice", params);
}

import type { Metadata } from "next";
import { PrintableDocumentPage, printableDocumentMetadata } from "../../../printable-document-page";

export function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return printableDocumentMetadata("credit_note", params);
}

export default function PrintableCreditNotePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ print?: string }> }) {
  return <PrintableDocumentPage type="credit_note" params={params} searchParams={searchParams} />;
}

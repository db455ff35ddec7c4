import type { Metadata } from "next";
import { PrintableDocumentPage, printableDocumentMetadata } from "../../../printable-document-page";

export function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return printableDocumentMetadata("invoice", params);
}

export default function PrintableInvoicePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ print?: string }> }) {
  return <PrintableDocumentPage type="invoice" params={params} searchParams={searchParams} />;
}

import type { Metadata } from "next";
import { PrintableDocumentPage, printableDocumentMetadata } from "../../../printable-document-page";

export function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return printableDocumentMetadata("proforma", params);
}

export default function PrintableProformaPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ print?: string }> }) {
  return <PrintableDocumentPage type="proforma" params={params} searchParams={searchParams} />;
}

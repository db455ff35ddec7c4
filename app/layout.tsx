import type { Metadata } from "next";
import { connection } from "next/server";
import { SITE_NAME } from "@/components/layout/page-title";
import "./globals.css";

export const metadata: Metadata = {
  // Pages name themselves with pageTitle (components/layout/page-title.ts); the template is for any that do not.
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: "Servers, game servers, IP transit and colocation.",
  // public/favicon.svg; the same mark as components/layout/logo.tsx.
  icons: { icon: [{ url: "/favicon.svg", type: "image/svg+xml" }] },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: Next.js puts the request's CSP nonce (proxy.ts) on its scripts
  // only while rendering, and a prerendered page's scripts would carry none (docs/decisions.md#r13).
  await connection();

  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}

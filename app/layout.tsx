import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Rackfront", template: "%s · Rackfront" },
  description: "Servers, game servers, IP transit and colocation.",
  // public/favicon.svg; the same mark as components/layout/logo.tsx.
  icons: { icon: [{ url: "/favicon.svg", type: "image/svg+xml" }] },
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}

"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";

/**
 * The area's one QueryClient, mounted by each area layout that has live cards: made once per
 * browser session of the layout (useState) and shared by every card below it, so an action that
 * invalidates a key (lib/query/keys) reaches every card that shows it.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

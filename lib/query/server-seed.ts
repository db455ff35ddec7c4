import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * For a query that starts from data the server rendered (`initialData`): writes each new server
 * rendering of that data into the cache. The QueryClient lives as long as the area's layout
 * (components/providers/query-provider), so when the page is rendered again (router.refresh(), a
 * server action that revalidates, coming back to the page) `initialData` alone would be ignored and
 * the cache would keep showing what it had. Acts only when `data` is a new object from the server,
 * never on an ordinary re-render, so it does not undo what polling or invalidation fetched since.
 */
export function useServerSeed<T>(queryKey: QueryKey, data: T): void {
  const queryClient = useQueryClient();
  const seeded = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (seeded.current === data) return;
    seeded.current = data;
    if (queryClient.getQueryData(queryKey) !== data) queryClient.setQueryData(queryKey, data);
  });
}

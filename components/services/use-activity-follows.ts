import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { serviceKeys } from "@/lib/query/keys";

/**
 * The activity card polls only while a job runs, and actions on the page invalidate it. This covers
 * the jobs no action on the page started (setup, the API, another tab): when the page's document
 * shows a job starting or ending, the card is refetched.
 */
export function useActivityFollows(serviceId: string, busy: boolean): void {
  const queryClient = useQueryClient();
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current !== busy) void queryClient.invalidateQueries({ queryKey: serviceKeys.activity(serviceId) });
    wasBusy.current = busy;
  }, [busy, serviceId, queryClient]);
}

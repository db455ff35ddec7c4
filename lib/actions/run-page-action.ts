import { revalidatePath } from "next/cache";
import { runAction, type ActionResult, type RunActionOptions } from "./action-result";

/**
 * runAction for an action that changes what one page shows: renders `path` again once the body
 * succeeded. Server only (next/cache); action-result.ts stays importable by client components.
 */
export function runPageAction(path: string, fn: () => Promise<string | void>, options?: RunActionOptions): Promise<ActionResult> {
  return runAction(async () => {
    const message = await fn();
    revalidatePath(path);
    return message;
  }, options);
}

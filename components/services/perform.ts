import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/action-result";
import { refusalSentence } from "@/lib/actions/refusal-sentence";

/**
 * How a service page runs one of its server actions for a card: marks `key` pending, toasts the
 * outcome and answers the result, so a card with inputs shows `fieldErrors` under them. A refusal
 * the card shows under its inputs (`shownFields`) is not toasted as well (refusalSentence).
 */
export type Perform = <T>(key: string, fn: () => Promise<ActionResult<T>>, shownFields?: readonly string[]) => Promise<ActionResult<T>>;

/** The toast of an action's outcome: its sentence, or the refusal's unless the card shows it under `shownFields`. */
export function toastResult(result: ActionResult<unknown>, shownFields: readonly string[] = []): void {
  if (result.ok) {
    if (result.message) toast(result.message);
    return;
  }
  const sentence = refusalSentence(result, shownFields);
  if (sentence) toast(sentence, "error");
}

/** What the key server actions answer: a sentence to show either way. */
export type KeyActionResult = { error?: string; message?: string };

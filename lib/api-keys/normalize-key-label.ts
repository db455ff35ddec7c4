import { ApiKeyError } from "./api-key-error";

const MAX_LABEL_LENGTH = 100;

export function normalizeKeyLabel(label: string): string {
  const trimmed = label.trim();
  if (trimmed.length === 0) throw new ApiKeyError("invalid_label", "A key needs a label");
  if (trimmed.length > MAX_LABEL_LENGTH) {
    throw new ApiKeyError("invalid_label", `A key label is at most ${MAX_LABEL_LENGTH} characters`);
  }
  return trimmed;
}

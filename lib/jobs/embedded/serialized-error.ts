/** An error in the JSON shape the SDK writes and reads back (`{name, message, stack}`). */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  [key: string]: unknown;
}

export function toSerializedError(value: unknown): SerializedError {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (typeof value === "object" && value !== null) {
    const v = value as Record<string, unknown>;
    const message = typeof v.message === "string" ? v.message : typeof v.error === "string" ? v.error : JSON.stringify(value);
    return { ...v, name: typeof v.name === "string" ? v.name : "Error", message };
  }
  return { name: "Error", message: typeof value === "string" && value ? value : "Unknown error" };
}

/** An event as Inngest hands it to functions. */
export interface JobEventPayload {
  id: string;
  name: string;
  data: Record<string, unknown>;
  ts: number;
  v?: string;
}

export interface ReplyOptions {
  /** Success status; defaults to the endpoint's declared `status` (200 unless declared). */
  status?: number;
  /** Envelope `message` beside `data` (docs/decisions.md#d9; customer replays and async actions). */
  message?: string;
  /** Envelope `pagination` beside `data` (see lib/api/pagination.ts for the three shapes). */
  pagination?: object;
  /** Further top-level envelope fields, e.g. the reseller products' `currency`. */
  meta?: Record<string, unknown>;
  headers?: Record<string, string>;
  /**
   * The answer only replays an earlier accepted call (an idempotency key already used): a cool-down
   * use reserved for this call is given back (docs/decisions.md#r14).
   */
  replayed?: boolean;
}

/** What a handler returns when `data` alone is not enough. */
export class Reply<T = unknown> {
  readonly data: T;
  readonly options: ReplyOptions;

  constructor(data: T, options: ReplyOptions = {}) {
    this.data = data;
    this.options = options;
  }
}

export function reply<T>(data: T, options: ReplyOptions = {}): Reply<T> {
  return new Reply(data, options);
}

import type { NodeErrorCode } from "@/game-node/protocol/node-api";

/** A refusal the node answered (4xx): the domain maps `code`/`fileCode` to the APIs' errors. */
export class GameNodeError extends Error {
  readonly status: number;
  readonly code: NodeErrorCode;
  readonly fileCode: string | null;
  readonly field: string | null;

  constructor(status: number, code: NodeErrorCode, message: string, extra: { fileCode?: string; field?: string } = {}) {
    super(message);
    this.name = "GameNodeError";
    this.status = status;
    this.code = code;
    this.fileCode = extra.fileCode ?? null;
    this.field = extra.field ?? null;
  }
}

export function isGameNodeError(error: unknown, code?: NodeErrorCode): error is GameNodeError {
  return error instanceof GameNodeError && (code === undefined || error.code === code);
}

import { API_ERROR_CODES, type ApiError } from "../api-error";
import { jsonResponse } from "../json-response";
import type { Reply } from "../reply";

/**
 * Customer API envelope: `{success: true, data}` (docs/decisions.md#d21; `message` and `pagination` beside
 * `data` where the spec puts them) and `{success: false, error, code, details?}`, with `scope` on
 * SCOPE_REQUIRED (docs/decisions.md#d22). Schema failures are BAD_REQUEST with details; INVALID_JSON has none.
 */
export function customerSuccess(reply: Reply): Response {
  const { status = 200, message, pagination, meta } = reply.options;
  return jsonResponse(status, {
    success: true,
    data: reply.data,
    ...(message !== undefined ? { message } : {}),
    ...(pagination !== undefined ? { pagination } : {}),
    ...meta,
  });
}

export function customerError(error: ApiError): Response {
  return jsonResponse(error.status, customerErrorBody(error));
}

/** The refusal's JSON body (also the OpenAPI document's error examples). */
export function customerErrorBody(error: ApiError): Record<string, unknown> {
  const code = error.code === API_ERROR_CODES.validation ? API_ERROR_CODES.badRequest : error.code;
  return {
    success: false,
    error: error.message,
    code,
    ...(error.details && code !== API_ERROR_CODES.invalidJson ? { details: error.details } : {}),
    ...(error.scope !== undefined ? { scope: error.scope } : {}),
    ...error.extra,
  };
}
